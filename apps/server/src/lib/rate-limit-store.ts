import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, counted?: Counted) => void;
/** What the plugin passes to `child`: the route's merged limit settings, with the route itself as `routeInfo` (its typings say otherwise). */
type RouteLimit = { routeInfo?: { method?: string | string[]; url?: string } };

/** Windows that have ended are removed now and then (every this many calls of a process), so the table stays small. */
const PURGE_EVERY = 1000;

/**
 * A store for @fastify/rate-limit that keeps each key's count for the current window in the
 * database (`rate_limits`, decision 028), so that a route's limit per address (or scanner token)
 * holds across every server process instead of each process counting its own share. One
 * statement counts the call and reads the count, so calls arriving at once in different
 * processes are each counted. Used with PostgreSQL; SQLite runs one process, whose memory is exact.
 */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      void this.count(`${this.prefix}${key}`, timeWindow).then((counted) => done(null, counted), done);
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      const { method, url } = (routeOptions as RouteLimit).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''} `);
    }

    private async count(key: string, timeWindow: number): Promise<Counted> {
      const now = Date.now();
      calls += 1;
      if (calls % PURGE_EVERY === 0) await db.deleteFrom('rate_limits').where('window_ends', '<=', now).execute();
      // A window that has ended starts again at 1; otherwise the call adds to it (the old row's values on both sides).
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, window_ends: now + timeWindow })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.window_ends <= ${now} then 1 else rate_limits.hits + 1 end`,
            window_ends: sql<number>`case when rate_limits.window_ends <= ${now} then excluded.window_ends else rate_limits.window_ends end`,
          }),
        )
        .returning(['hits', 'window_ends'])
        .executeTakeFirstOrThrow();
      return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_ends) - now) };
    }
  };
}
