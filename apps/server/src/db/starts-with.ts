import { sql, type RawBuilder } from 'kysely';

/** Text as a LIKE pattern matches it literally: '\' escapes LIKE's own characters. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A condition that `column` starts with `prefix`, taken as plain text: '\' escapes LIKE's own
 * characters in it, the same on SQLite and PostgreSQL.
 */
export function startsWith(column: string, prefix: string): RawBuilder<boolean> {
  const pattern = `${literal(prefix)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** A condition that `column`, in lower case, holds `text` (given in lower case) anywhere, taken as plain text, the same on both databases. */
export function holdsLowerCase(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${literal(text)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
