import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Checkouts after which a pool connection is closed and replaced: the statements it prepared go
 * with it, so the number a connection holds stays bounded however many shapes of UPDATE the
 * autosaves write (each save names only the columns that changed).
 */
export const CONNECTION_MAX_USES = 20_000;

/**
 * The PostgreSQL pool as Kysely sees it, with each statement prepared once per connection and
 * reused (decision 029). Kysely sends every query as an unnamed statement, which PostgreSQL parses
 * and plans afresh; for the record's 150-column UPDATE and its wide SELECT that cost more than
 * running them. A statement is named by a hash of its text, so the same text always finds its
 * prepared statement and two texts never share a name.
 *
 * Naming waits for `prepare()`: the migrations run first with unnamed statements, since a plan
 * prepared before a table changes would not fit the table after.
 */
export function withPreparedStatements(pool: pg.Pool): { pool: PostgresPool; prepare(): void } {
  let preparing = false;
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (!name) {
      name = `p_${createHash('sha1').update(text).digest('base64url')}`;
      // The map is only a cache of hashes: past 5,000 texts it starts again.
      if (names.size >= 5000) names.clear();
      names.set(text, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: string, values: unknown[]) =>
      // A text of several statements cannot be prepared: it goes as it is.
      preparing && !text.includes(';')
        ? client.query({ name: nameOf(text), text, values })
        : client.query(text, values)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    pool: {
      connect: async () => wrap(await pool.connect()),
      end: () => pool.end(),
    },
    prepare() {
      preparing = true;
    },
  };
}
