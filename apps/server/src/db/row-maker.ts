/**
 * A function that makes a row's values, in the order of `columns`, into an object keyed by the
 * column names, written as one object literal: V8 makes every such object at once, all of one
 * shape, where setting a wide row's properties one by one (as the SQLite and PostgreSQL drivers
 * do) took longer than the query. A later column of the same name wins, as with the drivers. The
 * values of the `numeric` columns, read as text, are made numbers again (null stays null).
 *
 * The names are written into the function's source as JSON strings, so any name is just a name;
 * `__proto__` is refused, since a literal would take it for the object's prototype.
 */
export function rowMaker(columns: readonly string[], numeric: ReadonlySet<string> = new Set()): (values: readonly unknown[]) => Record<string, unknown> {
  if (columns.includes('__proto__')) throw new Error('A row made by rowMaker cannot have a column named __proto__.');
  const fields = columns.map((name, index) =>
    numeric.has(name) ? `${JSON.stringify(name)}: values[${index}] === null ? null : Number(values[${index}])` : `${JSON.stringify(name)}: values[${index}]`,
  );
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: readonly unknown[]) => Record<string, unknown>;
}
