import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct statements stay prepared; the portal's hot paths use a few dozen. */
const DEFAULT_CAPACITY = 500;

/**
 * The SQLite database as Kysely sees it, with each statement prepared once and reused.
 *
 * Kysely prepares every query it runs; preparing a statement of the student record's 150 columns
 * cost more than running it, on every autosave. The most recently used statements are kept; a
 * statement still being iterated is never handed out twice.
 */
export function withStatementCache(database: SQLite.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = prepared.get(sql);
      if (cached && !cached.busy) {
        // Re-inserting marks it as the most recently used.
        prepared.delete(sql);
        prepared.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      prepared.set(sql, statement);
      if (prepared.size > capacity) prepared.delete(prepared.keys().next().value!);
      return statement;
    },
    close() {
      prepared.clear();
      database.close();
    },
  };
}
