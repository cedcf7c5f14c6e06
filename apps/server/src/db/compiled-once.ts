import type { CompiledQuery, Compilable } from 'kysely';
import type { DialectName, Executor } from './database.ts';

/**
 * A query of the hot path (every request's session, every autosave's record) built and compiled
 * by Kysely once per kind of database, then run with new parameters: building a query costs more
 * than SQLite takes to run it. `build` must put the parameters in the order the call gives them.
 */
export function compiledOnce<Row>(build: (db: Executor) => Compilable<unknown>) {
  const byDialect = new Map<DialectName, CompiledQuery>();
  return async (db: Executor, dialect: DialectName, parameters: unknown[]): Promise<Row[]> => {
    let query = byDialect.get(dialect);
    if (!query) byDialect.set(dialect, (query = build(db).compile()));
    if (query.parameters.length !== parameters.length) throw new Error(`The query takes ${query.parameters.length} parameters, not ${parameters.length}.`);
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
