import type { Executor } from '../../db/database.ts';
import { startsWith } from '../../db/starts-with.ts';

/** Where a bucket's attempts are counted: one key, or every key that starts with a family's prefix. */
export type AttemptKeys = { key: string; family?: string };

/** The sign-in attempts counted in the buckets of the throttle (throttle.ts decides what they mean). */
export const attemptRepository = {
  /** The newest `limit` attempts after `since` in a bucket (or its whole family), newest first. */
  counted(db: Executor, keys: AttemptKeys, since: string, limit: number): Promise<Array<{ at: string }>> {
    return db
      .selectFrom('sign_in_attempts')
      .select('at')
      .$if(keys.family === undefined, (query) => query.where('bucket', '=', keys.key))
      .$if(keys.family !== undefined, (query) => query.where(startsWith('bucket', keys.family!)))
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
  },

  /** Counts one attempt in a bucket; its id lets it be given back. */
  async add(db: Executor, bucket: string, at: string): Promise<number> {
    const row = await db.insertInto('sign_in_attempts').values({ bucket, at }).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async removeByIds(db: Executor, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.deleteFrom('sign_in_attempts').where('id', 'in', ids).execute();
  },

  async removeBuckets(db: Executor, keys: string[]): Promise<void> {
    if (keys.length > 0) await db.deleteFrom('sign_in_attempts').where('bucket', 'in', keys).execute();
  },

  /** Removes every attempt before `before`, or only those outside the buckets that start with `keptFamily`. */
  async removeOlder(db: Executor, before: string, keptFamily?: string): Promise<void> {
    await db
      .deleteFrom('sign_in_attempts')
      .where('at', '<', before)
      .$if(keptFamily !== undefined, (query) => query.where((eb) => eb.not(startsWith('bucket', keptFamily!))))
      .execute();
  },
};
