import type { AuditAction } from '@school/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { withStatementCache } from '../../src/db/statement-cache.ts';
import { createWriteTransactions, type WriteTransactions } from '../../src/db/write-transactions.ts';
import { Conflict } from '../../src/lib/errors.ts';
import { createTestDb, testDialect, type TestDb } from '../helpers/test-db.ts';

// Rows named by the test's own actions, outside the contract's, to tell them apart.
const auditRow = (action: string) => ({
  at: nowIso(),
  actor_kind: 'admin' as const,
  actor_id: 'registrar',
  action: action as AuditAction,
  student_id: null,
  ip: null,
  detail: null,
});
const actions = async (db: Db) => (await db.selectFrom('audit_log').select('action').orderBy('action').execute()).map((row) => row.action);

describe(`write transactions on ${testDialect}`, () => {
  let test: TestDb;
  let write: WriteTransactions;
  beforeAll(async () => {
    test = await createTestDb();
    write = createWriteTransactions(test.db, test.dialect);
  });
  afterAll(() => test.close());

  it('lands every one of many writes that arrive together, each answering its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        write(async (trx) => {
          await trx
            .insertInto('audit_log')
            .values(auditRow(`together.${String(index).padStart(2, '0')}`))
            .execute();
          return index;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, index) => index));
    expect((await actions(test.db)).filter((action) => action.startsWith('together.'))).toHaveLength(12);
  });

  it('rolls back a failed write alone and answers its error, while the others land', async () => {
    const outcomes = await Promise.allSettled([
      write((trx) => trx.insertInto('audit_log').values(auditRow('mixed.first')).execute()),
      write(async (trx) => {
        await trx.insertInto('audit_log').values(auditRow('mixed.failed')).execute();
        throw new Conflict('Someone else saved first.');
      }),
      write((trx) => trx.insertInto('audit_log').values(auditRow('mixed.last')).execute()),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    expect((await actions(test.db)).filter((action) => action.startsWith('mixed.'))).toEqual(['mixed.first', 'mixed.last']);
  });

  it('lets other requests go between writes handed over one after another', async () => {
    // An import hands over its next slice as soon as the last is answered: the event loop must turn between them.
    let turns = 0;
    let writing = true;
    const turn = () => {
      if (!writing) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    for (let index = 0; index < 30; index += 1)
      await write((trx) =>
        trx
          .insertInto('audit_log')
          .values(auditRow(`run.${index}`))
          .execute(),
      );
    writing = false;
    expect(turns).toBeGreaterThanOrEqual(29);
  });

  it('rolls back a lone failed write whole', async () => {
    await expect(
      write(async (trx) => {
        await trx.insertInto('audit_log').values(auditRow('alone.failed')).execute();
        throw new Error('disk said no');
      }),
    ).rejects.toThrow('disk said no');
    expect(await actions(test.db)).not.toContain('alone.failed');
  });
});

describe.runIf(testDialect === 'sqlite')('group commit on an SQLite file', () => {
  let dir: string;
  let sqlite: SQLite.Database;
  let db: Db;
  let commits = 0;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-group-commit-'));
    sqlite = new SQLite(path.join(dir, 'portal.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      log: (event) => {
        if (event.query.sql.toLowerCase() === 'commit') commits += 1;
      },
    });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits writes that arrive together once, and answers each only when another connection can read it', async () => {
    const write = createWriteTransactions(db, 'sqlite');
    const reader = new SQLite(path.join(dir, 'portal.sqlite'), { readonly: true });
    const visible = (action: string) => reader.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE action = ?').get(action) as { n: number };
    commits = 0;
    const seenAtAnswer = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        await write((trx) =>
          trx
            .insertInto('audit_log')
            .values(auditRow(`grouped.${index}`))
            .execute(),
        );
        return visible(`grouped.${index}`).n;
      }),
    );
    reader.close();
    expect(commits).toBe(1);
    expect(seenAtAnswer).toEqual(Array(10).fill(1));
  });

  it('gives writes that arrive one after another a commit each', async () => {
    const write = createWriteTransactions(db, 'sqlite');
    commits = 0;
    await write((trx) => trx.insertInto('audit_log').values(auditRow('apart.1')).execute());
    await write((trx) => trx.insertInto('audit_log').values(auditRow('apart.2')).execute());
    expect(commits).toBe(2);
  });
});

describe.runIf(testDialect === 'sqlite')('writes while another connection holds the SQLite write lock', () => {
  let dir: string;
  let db: Db;
  let holder: SQLite.Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-write-lock-'));
    db = openDatabase({ sqliteFile: path.join(dir, 'portal.sqlite'), timeLimitMs: 300 }).db;
    await migrateToLatest(db);
    holder = new SQLite(path.join(dir, 'portal.sqlite'));
  });
  afterAll(async () => {
    holder.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('wait for it between tries with the event loop free, fail with SQLite busy after their time limit, and commit once it is freed in time', async () => {
    // A time limit far above what a busy machine's scheduler may pause the loop for, so that a try
    // that blocked the loop for it shows plainly.
    const write = createWriteTransactions(db, 'sqlite', 2000);
    holder.exec('BEGIN IMMEDIATE');
    let longestPause = 0;
    let beats = 0;
    let last = performance.now();
    let waiting = true;
    const beat = () => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
      beats += 1;
      if (waiting) setImmediate(beat);
    };
    setImmediate(beat);
    const outcomes = await Promise.allSettled(
      ['held.1', 'held.2', 'held.3'].map((action) => write((trx) => trx.insertInto('audit_log').values(auditRow(action)).execute())),
    );
    waiting = false;
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'written'))).toEqual([
      'SQLITE_BUSY',
      'SQLITE_BUSY',
      'SQLITE_BUSY',
    ]);
    // Inside the event loop a try waits a moment at most (50 ms), never the time limit.
    expect(longestPause).toBeLessThan(1000);
    expect(beats).toBeGreaterThan(10);

    const freedInTime = write((trx) => trx.insertInto('audit_log').values(auditRow('after.freed')).execute());
    setTimeout(() => holder.exec('ROLLBACK'), 100);
    await freedInTime;
    expect(await actions(db)).toEqual(['after.freed']);
  });
});
