import type { FieldValue } from '@school/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedByKey, batchedWrites } from '../../src/db/batched-statements.ts';
import type { Executor } from '../../src/db/database.ts';
import { createStudent } from '../helpers/factories.ts';
import { createTestDb, testDialect, type TestDb } from '../helpers/test-db.ts';
import { until } from '../helpers/wait.ts';

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

  /** Names read through statements that each wait for the test to let them go to the database. */
  const gatedNames = () => {
    const statements: Array<{ keys: string[]; go(): void; fail(error: Error): void }> = [];
    const read = batchedByKey<Name>(
      (db: Executor, keys) =>
        new Promise<void>((go, fail) => statements.push({ keys, go, fail })).then(() =>
          db.selectFrom('students').select(['id', 'first_name']).where('id', 'in', keys).execute(),
        ),
      (row) => row.id,
    );
    return { read, statements };
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('holds the reads that come while a statement runs, and sends them together once it ends', async () => {
    const { read, statements } = gatedNames();
    const first = read(test.db, ids[0]);
    await nextTurn();
    const later = [read(test.db, ids[1])];
    await nextTurn();
    later.push(read(test.db, ids[2]));
    await nextTurn();
    expect(statements.map((statement) => statement.keys)).toEqual([[ids[0]]]);
    statements[0].go();
    expect(await first).toEqual({ id: ids[0], first_name: 'Ava' });
    await nextTurn();
    expect(statements.map((statement) => statement.keys)).toEqual([[ids[0]], [ids[1], ids[2]]]);
    statements[1].go();
    expect((await Promise.all(later)).map((row) => row?.first_name)).toEqual(['Bea', 'Cara']);
  });

  it('sends the held reads anyway when the statement running is slow, so it holds nobody up for long', async () => {
    const { read, statements } = gatedNames();
    const stuck = read(test.db, ids[0]);
    await nextTurn();
    const waiting = read(test.db, ids[3]);
    expect(await until(() => statements.length === 2)).toBe(true);
    expect(statements.map((statement) => statement.keys)).toEqual([[ids[0]], [ids[3]]]);
    statements[1].go();
    expect(await waiting).toEqual({ id: ids[3], first_name: 'Dana' });
    statements[0].go();
    expect(await stuck).toEqual({ id: ids[0], first_name: 'Ava' });
  });

  it('lets the reads that follow a failed statement go at once, not after the patience', async () => {
    const { read, statements } = gatedNames();
    const failing = read(test.db, ids[0]);
    await nextTurn();
    statements[0].fail(new Error('The connection was lost.'));
    await expect(failing).rejects.toThrow('The connection was lost.');
    const next = read(test.db, ids[4]);
    await nextTurn();
    expect(statements.map((statement) => statement.keys)).toEqual([[ids[0]], [ids[4]]]);
    statements[1].go();
    expect(await next).toEqual({ id: ids[4], first_name: 'Eve' });
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

describe(`writes gathered into one statement, on ${testDialect}`, () => {
  let test: TestDb;
  const ids: string[] = [];
  beforeAll(async () => {
    test = await createTestDb();
    for (let index = 0; index < 6; index += 1) ids.push((await createStudent(test.db, { first_name: `Name ${index}` })).id);
  });
  afterAll(() => test.close());

  type Rename = { id: string; first_name: string };
  /** Renames students, one or several a statement, noting which statements were sent; a name of 'fail' fails its statement. */
  const countedRenames = () => {
    const sent: Array<{ alone: boolean; ids: string[] }> = [];
    const rename = async (db: Executor, items: Rename[]) => {
      if (items.some((item) => item.first_name === 'fail')) throw new Error('a bad name');
      return db.transaction().execute(async (trx) => {
        const written: boolean[] = [];
        for (const item of items) {
          const result = await trx.updateTable('students').set({ first_name: item.first_name }).where('id', '=', item.id).executeTakeFirst();
          written.push(Number(result.numUpdatedRows) === 1);
        }
        return written;
      });
    };
    const write = batchedWrites<Rename, boolean>(
      async (db, item) => {
        sent.push({ alone: true, ids: [item.id] });
        return (await rename(db, [item]))[0];
      },
      (db, items) => {
        sent.push({ alone: false, ids: items.map((item) => item.id) });
        return rename(db, items);
      },
      (item) => item.id,
    );
    return { write, sent };
  };
  const names = async () =>
    Object.fromEntries((await test.db.selectFrom('students').select(['id', 'first_name']).execute()).map((row) => [row.id, row.first_name]));

  it('sends the writes of one turn as one statement and answers each its own result', async () => {
    const { write, sent } = countedRenames();
    const results = await Promise.all([
      ...ids.map((id) => write(test.db, { id, first_name: `Together ${id}` })),
      write(test.db, { id: 'none', first_name: 'x' }),
    ]);
    expect(results).toEqual([...ids.map(() => true), false]);
    expect(sent).toEqual([{ alone: false, ids: [...ids, 'none'] }]);
    expect(await names()).toMatchObject(Object.fromEntries(ids.map((id) => [id, `Together ${id}`])));
    // One write alone in its turn goes as it is.
    expect(await write(test.db, { id: ids[0], first_name: 'Alone' })).toBe(true);
    expect(sent[1]).toEqual({ alone: true, ids: [ids[0]] });
  });

  it('sends at most 50 writes a statement, and answers every one', async () => {
    const { write, sent } = countedRenames();
    const keys = [...ids, ...Array.from({ length: 114 }, (_, index) => `missing-${index}`)];
    const results = await Promise.all(keys.map((id) => write(test.db, { id, first_name: `Many ${id}` })));
    expect(sent.map((statement) => statement.ids.length)).toEqual([50, 50, 20]);
    expect(sent.every((statement) => !statement.alone)).toBe(true);
    expect(results).toEqual(keys.map((id) => ids.includes(id)));
  });

  it('never puts two writes of one key in the same statement', async () => {
    const { write, sent } = countedRenames();
    await Promise.all([
      write(test.db, { id: ids[1], first_name: 'First' }),
      write(test.db, { id: ids[2], first_name: 'Other' }),
      write(test.db, { id: ids[1], first_name: 'Second' }),
    ]);
    expect(sent).toContainEqual({ alone: true, ids: [ids[1]] });
    expect(sent).toContainEqual({ alone: false, ids: [ids[1], ids[2]] });
  });

  it('writes each item again alone when the shared statement fails, so only the bad one fails', async () => {
    const { write, sent } = countedRenames();
    const results = await Promise.allSettled([
      write(test.db, { id: ids[3], first_name: 'Kept 3' }),
      write(test.db, { id: ids[4], first_name: 'fail' }),
      write(test.db, { id: ids[5], first_name: 'Kept 5' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(sent[0]).toEqual({ alone: false, ids: [ids[3], ids[4], ids[5]] });
    expect(sent.slice(1).every((statement) => statement.alone)).toBe(true);
    const after = await names();
    expect([after[ids[3]], after[ids[5]]]).toEqual(['Kept 3', 'Kept 5']);
    expect(after[ids[4]]).not.toBe('fail');
  });
});
