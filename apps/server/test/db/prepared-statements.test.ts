import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDialect, throughPooler, type TestDb } from '../helpers/test-db.ts';

// Behind a transaction pooler (TEST_POOLER=pgbouncer) statements are not named: pooler.test.ts shows it.
describe.skipIf(testDialect !== 'postgres' || throughPooler())('PostgreSQL statements (PostgreSQL only: SQLite has its own statement cache)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('are prepared once per connection after the migrations, and the same text finds its statement again', async () => {
    const prepared = await t.db.transaction().execute(async (trx) => {
      for (const id of ['A-1', 'A-2', 'A-3']) await trx.selectFrom('students').select(['id', 'first_name']).where('id', '=', id).execute();
      return (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx)).rows;
    });
    const lookups = prepared.filter((row) => row.statement.startsWith('select "id", "first_name" from "students"'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0].name).toMatch(/^p_[\w-]{27}$/);
  });
});
