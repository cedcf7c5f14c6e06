import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/db/database.ts';
import { ensureFirstAdmin } from '../../../src/features/auth/admin-accounts.ts';
import { createTestDb, type TestDb } from '../../helpers/test-db.ts';

const STARTS = 5;

describe('the first admin', () => {
  let testDb: TestDb | undefined;
  const others: Db[] = [];
  afterEach(async () => {
    for (const db of others.splice(0)) await db.destroy();
    await testDb?.close();
    testDb = undefined;
  });

  it('is made once by five first starts at the same moment: one has her one-time password, the others none, and none fails', async () => {
    testDb = await createTestDb();
    // On PostgreSQL each start with a connection pool of its own, as on its own server.
    const pools = Array.from({ length: STARTS }, () => {
      if (!testDb!.url) return testDb!.db;
      const { db } = openDatabase({ databaseUrl: testDb!.url });
      others.push(db);
      return db;
    });
    const made = await Promise.all(pools.map((db) => ensureFirstAdmin(db)));
    const makers = made.filter((admin) => admin !== null);
    expect(makers).toHaveLength(1);
    expect(makers[0]).toMatchObject({ username: 'admin', oneTimePassword: expect.stringMatching(/^\S{12}$/) });
    const admins = await testDb.db.selectFrom('admin_users').select('username').execute();
    expect(admins).toEqual([{ username: 'admin' }]);
    // A later start finds her made.
    expect(await ensureFirstAdmin(testDb.db)).toBeNull();
  });
});
