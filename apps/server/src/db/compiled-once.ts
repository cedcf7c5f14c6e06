import type { CompiledQuery, Compilable } from 'kysely';
import type { DialectName, Executor } from './database.ts';

/** Shapes of a query kept compiled per kind of database; a save changes a few columns, so a few dozen shapes serve nearly every one. */
const SHAPES_KEPT = 200;

/**
 * A query of the hot path (every request's session, every autosave's record) built and compiled
 * by Kysely once per kind of database, then run with new parameters: building a query costs more
 * than SQLite takes to run it. `build` must put the parameters in the order the call gives them.
 */
export function compiledOnce<Row>(build: (db: Executor) => Compilable<unknown>) {
  const run = compiledPerShape<Row, null>((db) => build(db));
  return (db: Executor, dialect: DialectName, parameters: unknown[]): Promise<Row[]> => run(db, dialect, null, '', parameters);
}

/**
 * A query whose text depends on its shape (an UPDATE of the columns a save changed), compiled
 * once per shape and kind of database, the most recently used `SHAPES_KEPT` shapes kept. `build`
 * makes the query of a shape with placeholder values; `key` names the shape; `parameters` are the
 * values in the order the compiled query takes them.
 */
export function compiledPerShape<Row, Shape>(build: (db: Executor, shape: Shape) => Compilable<unknown>) {
  const compiled = new Map<string, CompiledQuery>();
  return async (db: Executor, dialect: DialectName, shape: Shape, key: string, parameters: unknown[]): Promise<Row[]> => {
    const name = `${dialect} ${key}`;
    let query = compiled.get(name);
    if (query) compiled.delete(name);
    else query = build(db, shape).compile();
    compiled.set(name, query);
    if (compiled.size > SHAPES_KEPT) compiled.delete(compiled.keys().next().value!);
    if (query.parameters.length !== parameters.length) throw new Error(`The query takes ${query.parameters.length} parameters, not ${parameters.length}.`);
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
