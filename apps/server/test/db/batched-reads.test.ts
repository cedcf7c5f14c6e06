import type { FieldValue } from '@school/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedByKey } from '../../src/db/batched-reads.ts';
import type { Executor } from '../../src/db/database.ts';
import { createStudent } from '../helpers/factories.ts';
import { createTestDb, testDialect, type TestDb } from '../helpers/test-db.ts';

type Name = { id: string; first_name: FieldValue };

describe(`reads gathered into one statement, on ${testDialect}`, () => {
  let test: TestDb;
  const ids: string[] = [];
  beforeAll(async () => {
    test = await createTestDb();
    for (const first_name of ['Ava', 'Bea', 'Cara', 'Dana', 'Eve']) ids.push((await createStudent(test.db, { first_name })).id);
  });
  afterAll(() => test.close());

  /** The names of students by ID, counting the statements sent. */
  const countedNames = () => {
    const statements: string[][] = [];
    const read = batchedByKey<Name>(
      (db: Executor, keys) => {
        statements.push(keys);
        return db.selectFrom('students').select(['id', 'first_name']).where('id', 'in', keys).execute();
      },
      (row) => row.id,
    );
    return { read, statements };
  };

  it('answers each of many reads asked at once its own row, from one statement', async () => {
    const { read, statements } = countedNames();
    const asked = Array.from({ length: 60 }, (_, index) => (index % 7 === 6 ? 'no-such-student' : ids[index % ids.length]));
    const answers = await Promise.all(asked.map((id) => read(test.db, id)));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toHaveLength(ids.length + 1);
    answers.forEach((answer, index) => {
      if (asked[index] === 'no-such-student') expect(answer).toBeUndefined();
      else expect(answer).toEqual({ id: asked[index], first_name: ['Ava', 'Bea', 'Cara', 'Dana', 'Eve'][ids.indexOf(asked[index])] });
    });
    // Two requests for the same row get a row each: one changing hers leaves the other's alone.
    const sameKey = answers.filter((answer) => answer?.id === ids[0]);
    expect(sameKey.length).toBeGreaterThan(1);
    expect(new Set(sameKey).size).toBe(sameKey.length);
  });

  it('sends at most 100 keys a statement, and answers every one', async () => {
    const { read, statements } = countedNames();
    const asked = [...ids, ...Array.from({ length: 245 }, (_, index) => `missing-${index}`)];
    const answers = await Promise.all(asked.map((id) => read(test.db, id)));
    expect(statements.map((keys) => keys.length)).toEqual([100, 100, 50]);
    expect(answers.filter(Boolean).map((answer) => answer!.id)).toEqual(ids);
  });

  it('gives every reader of a failed statement its error, and the next reads go on', async () => {
    const read = batchedByKey<Name>(
      (db, keys) => sql<Name>`select id, first_name from no_such_table where id in (${sql.join(keys)})`.execute(db).then((result) => result.rows),
      (row) => row.id,
    );
    const failed = await Promise.allSettled(ids.map((id) => read(test.db, id)));
    expect(failed.map((result) => result.status)).toEqual(ids.map(() => 'rejected'));
    const { read: names } = countedNames();
    expect(await names(test.db, ids[1])).toEqual({ id: ids[1], first_name: 'Bea' });
  });

  it('reads through a transaction inside it, apart from the reads outside', async () => {
    const { read, statements } = countedNames();
    await test.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('students').set({ first_name: 'Changed' }).where('id', '=', ids[2]).execute();
        const [inside, again] = await Promise.all([read(trx, ids[2]), read(trx, ids[3])]);
        expect(inside).toEqual({ id: ids[2], first_name: 'Changed' });
        expect(again).toEqual({ id: ids[3], first_name: 'Dana' });
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(statements).toEqual([[ids[2], ids[3]]]);
    expect(await read(test.db, ids[2])).toEqual({ id: ids[2], first_name: 'Cara' });
  });
});
