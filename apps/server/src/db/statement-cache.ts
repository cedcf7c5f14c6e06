import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { rowMaker } from './row-maker.ts';

/** How many distinct statements stay prepared; the portal's hot paths use a few dozen. */
const DEFAULT_CAPACITY = 500;

/**
 * A statement as Kysely uses it, whose rows are read as arrays and made into objects by `rowMaker`:
 * better-sqlite3 sets a row's properties one by one from C++, which for the student record's 180
 * columns took twice as long as the query. A statement that answers no rows, or has a column
 * named `__proto__`, is used as it is.
 */
function withRowsMadeOnce(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const columns = statement.columns().map((column) => column.name);
  if (columns.includes('__proto__')) return statement;
  const makeRow = rowMaker(columns);
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(makeRow),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield makeRow(values as unknown[]);
    },
    run: (parameters) => statement.run(parameters),
  };
}

/**
 * The SQLite database as Kysely sees it, with each statement prepared once and reused, its rows
 * made as `withRowsMadeOnce` makes them.
 *
 * Kysely prepares every query it runs; preparing a statement of the student record's 150 columns
 * cost more than running it, on every autosave. The most recently used statements are kept; a
 * statement still being iterated is never handed out twice.
 */
export function withStatementCache(database: SQLite.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const prepared = new Map<string, { statement: SQLite.Statement; used: SqliteStatement }>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = prepared.get(sql);
      if (cached && !cached.statement.busy) {
        // Re-inserting marks it as the most recently used.
        prepared.delete(sql);
        prepared.set(sql, cached);
        return cached.used;
      }
      const statement = database.prepare(sql);
      const used = withRowsMadeOnce(statement);
      prepared.set(sql, { statement, used });
      if (prepared.size > capacity) prepared.delete(prepared.keys().next().value!);
      return used;
    },
    close() {
      prepared.clear();
      database.close();
    },
  };
}
