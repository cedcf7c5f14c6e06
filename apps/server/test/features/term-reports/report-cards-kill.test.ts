import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWriteTransactions } from '../../../src/db/write-transactions.ts';
import { documentFileOwner } from '../../../src/features/files/index.ts';
import { reportCardFileOwner } from '../../../src/features/term-reports/index.ts';
import { createFileStore, isFileKey, removeOrphanFiles, SETTLE_MS } from '../../../src/lib/file-store/index.ts';
import { ADMIN_PASSWORD, createAdminUser, createStudent } from '../../helpers/factories.ts';
import { multipart } from '../../helpers/multipart.ts';
import { createServerData, type ServerData } from '../../helpers/server-data.ts';
import { HttpClient, startServer } from '../../helpers/server-process.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { makeZip } from '../../helpers/zip.ts';
import { PDF } from './term-reports-helpers.ts';

const CARDS = 300;

describe('a report-card ZIP upload killed mid-way', () => {
  let data: ServerData | undefined;
  afterEach(async () => {
    await data?.remove();
    data = undefined;
  });

  it('leaves no card and, once restarted, no stored bytes of it after kill -9 at several points', async () => {
    data = await createServerData();
    const seed = await data.open();
    await createAdminUser(seed);
    const ids: string[] = [];
    for (let index = 0; index < CARDS; index += 1) ids.push((await createStudent(seed, { class_id: '4D' })).id);
    await seed.destroy();
    // 300 cards of 40 KB: storing them takes long enough to be killed at each point.
    const zip = makeZip(ids.map((id) => ({ name: `${id}.pdf`, data: Buffer.concat([PDF, Buffer.alloc(40_000, `% ${id}\n`)]), store: true })));
    const uploads = path.join(data.settings.DATA_DIR, 'uploads');
    const db = await data.open();
    try {
      /** Stored bytes: files of the folder store, and rows of the database store. */
      const storedKeys = async () => {
        const files = fs.existsSync(uploads)
          ? fs
              .readdirSync(uploads, { recursive: true, withFileTypes: true })
              .filter((entry) => entry.isFile())
              .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
              .filter(isFileKey)
          : [];
        const rows = (await db.selectFrom('stored_files').select('key').execute()).map((row) => row.key);
        return [...files, ...rows];
      };
      const cardsAndPosting = async () => ({
        cards: (await db.selectFrom('report_card_files').select('id').execute()).length,
        posting: (await db.selectFrom('term_reports').select('year').execute()).length,
        summaries: (await db.selectFrom('term_summaries').select('student_id').execute()).length,
      });
      const before = await cardsAndPosting();

      let killed = 0;
      // Killed early, half-way and late in storing the cards' bytes, and once they are all stored (publishing).
      for (const killAt of [1, 100, 200, CARDS]) {
        const server = await startServer(data.settings, data.dir);
        const admin = new HttpClient(server.url, 2);
        await admin.signInAsAdmin('registrar', ADMIN_PASSWORD);
        const { payload, headers } = multipart({ year: '2025', term: '2', dry_run: 'false' }, { name: `cards-${killAt}.zip`, bytes: zip });
        let answered = false;
        const sent = admin
          .request('POST', '/api/report-cards/upload', payload, headers)
          .then(() => (answered = true))
          .catch(() => undefined);
        while (!answered && (await storedKeys()).length < killAt) await new Promise((resolve) => setTimeout(resolve, 2));
        server.child.kill('SIGKILL');
        await server.exited;
        await sent;
        admin.close();
        // Stored whole before the kill landed: a later point would be too, and the cards are no longer as before.
        if (answered) break;
        killed += 1;

        const restarted = await startServer(data.settings, data.dir);
        const found = await cardsAndPosting();
        // Killed while publishing, the upload may have committed whole just before the kill: never in part.
        if (killAt === CARDS && found.cards === CARDS) {
          restarted.child.kill('SIGKILL');
          await restarted.exited;
          break;
        }
        expect({ killAt, ...found }).toEqual({ killAt, ...before });
        // With SQLite (one process) the restart removes at once the bytes no row names; with PostgreSQL
        // another process may be storing some, so they go once 10 minutes old (the start-up check and the sweep).
        if (testDialect === 'postgres') {
          const store = createFileStore({ dataDir: data.settings.DATA_DIR, fileStore: 'database' }, db, createWriteTransactions(db, 'postgres'));
          await removeOrphanFiles({ db, store, owners: [documentFileOwner, reportCardFileOwner], now: Date.now() + SETTLE_MS + 1000 });
        }
        expect({ killAt, left: await storedKeys() }).toEqual({ killAt, left: [] });
        restarted.child.kill('SIGKILL');
        await restarted.exited;
      }
      // A quiet machine may store the last cards before a late kill lands; the early points are always mid-upload.
      expect(killed).toBeGreaterThanOrEqual(2);
    } finally {
      await db.destroy();
    }
  }, 300_000);
});
