import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Letters with accents and the plain letter each is read as, upper and lower case both (SQLite's
 * lower() folds only A to Z), and the combining accents of a name stored decomposed (read as
 * nothing). The one table for the database's side and the caller's.
 */
const plainLetters: Array<[string, string]> = [
  ...[...'àáâãäåÀÁÂÃÄÅ'].map((letter): [string, string] => [letter, 'a']),
  ...[...'çÇ'].map((letter): [string, string] => [letter, 'c']),
  ...[...'èéêëÈÉÊË'].map((letter): [string, string] => [letter, 'e']),
  ...[...'ìíîïÌÍÎÏ'].map((letter): [string, string] => [letter, 'i']),
  ...[...'ñÑ'].map((letter): [string, string] => [letter, 'n']),
  ...[...'òóôõöøÒÓÔÕÖØ'].map((letter): [string, string] => [letter, 'o']),
  ...[...'ùúûüÙÚÛÜ'].map((letter): [string, string] => [letter, 'u']),
  ...[...'ýÿÝ'].map((letter): [string, string] => [letter, 'y']),
  ...[...'\u0300\u0301\u0302\u0303\u0308\u0327'].map((mark): [string, string] => [mark, '']),
];

/** `text` as a name is compared: accents read as the plain letter, in lower case ('Océane' reads 'oceane'). */
export function foldText(text: string): string {
  let folded = text;
  for (const [letter, plain] of plainLetters) folded = folded.replaceAll(letter, plain);
  return folded.toLowerCase();
}

/**
 * The column folded as `foldText` folds a value, in SQL both databases run alike (nested replace()
 * and lower(); neither has a built-in that does it on both): compare it with `foldText(value)`.
 */
export function foldedColumn(column: Expression<unknown>): RawBuilder<string> {
  let folded: RawBuilder<string> = sql<string>`${column}`;
  for (const [letter, plain] of plainLetters) folded = sql<string>`replace(${folded}, ${sql.lit(letter)}, ${sql.lit(plain)})`;
  return sql<string>`lower(${folded})`;
}
