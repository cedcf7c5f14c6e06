import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../../src/features/auth/admin-accounts.ts';
import { testDbWithPools } from '../../helpers/test-db.ts';

const STARTS = 5;

describe('the first admin', () => {
  it('is made once by five first starts at the same moment: one has her one-time password, the others none, and none fails', async () => {
    // On PostgreSQL each start with a connection pool of its own, as on its own server.
    const { testDb, pools } = await testDbWithPools(STARTS);
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
