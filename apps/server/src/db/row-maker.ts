/**
 * A function of `parameter` that answers one object literal with these properties, each given by
 * its expression: V8 makes every such object at once, all of one shape, where setting a wide
 * row's properties one by one took longer than the query that read it. The names are written into
 * the source as JSON strings, so any name is just a name; `__proto__` is refused, since a literal
 * would take it for the object's prototype. As with an object built property by property, a later
 * property of the same name wins.
 */
function literalMaker<Source>(parameter: string, properties: ReadonlyArray<readonly [name: string, expression: string]>) {
  if (properties.some(([name]) => name === '__proto__')) throw new Error('An object made in one go cannot have a property named __proto__.');
  const fields = properties.map(([name, expression]) => `${JSON.stringify(name)}: ${expression}`);
  return new Function(parameter, `return { ${fields.join(', ')} };`) as (source: Source) => Record<string, unknown>;
}

/**
 * Makes a row's values, in the order of `columns`, into an object keyed by the column names (the
 * SQLite and PostgreSQL drivers set a row's properties one by one). The values of the `numeric`
 * columns, read as text, are made numbers again (null stays null).
 */
export function rowMaker(columns: readonly string[], numeric: ReadonlySet<string> = new Set()) {
  return literalMaker<readonly unknown[]>(
    'values',
    columns.map((name, index) => [name, numeric.has(name) ? `values[${index}] === null ? null : Number(values[${index}])` : `values[${index}]`]),
  );
}

/** Copies the named properties of an object into a new one, each under its own name, a missing value as null. */
export function objectPicker(properties: ReadonlyArray<readonly [name: string, from: string]>) {
  return literalMaker<Record<string, unknown>>(
    'source',
    properties.map(([name, from]) => [name, `source[${JSON.stringify(from)}] ?? null`]),
  );
}
