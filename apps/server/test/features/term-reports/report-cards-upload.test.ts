import { messages } from '@school/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { makeZip, type ZipEntry } from '../../helpers/zip.ts';
import { stoppedInWords } from '../../helpers/connection-cuts.ts';
import { giveTerm, PDF, sendFile, setPosted } from './term-reports-helpers.ts';

let t: TestApp;
let admin: TestClient;
let a: TestStudent;
let b: TestStudent;

const upload = (entries: ZipEntry[] | Buffer, { dryRun = false, name = 'cards.zip' } = {}) =>
  sendFile(
    admin,
    '/api/report-cards/upload',
    { year: '2025', term: '2', dry_run: dryRun ? 'true' : 'false' },
    { name, bytes: Buffer.isBuffer(entries) ? entries : makeZip(entries) },
  );
const cardPdf = (label: string) => Buffer.concat([PDF, Buffer.from(`% card of ${label}\n`)]);
const storedCards = () => t.db.selectFrom('report_card_files').select(['student_id', 'year', 'term', 'size_bytes']).orderBy('student_id').execute();

describe.each(['local', 'database'] as const)('POST /api/report-cards/upload with the %s file store', (fileStore) => {
  beforeAll(async () => {
    t = await buildTestApp({ fileStore });
    await createAdminUser(t.db);
    a = await createStudent(t.db, { class_id: '4D' }, { password: STUDENT_PASSWORD });
    b = await createStudent(t.db, { class_id: '4D' });
    admin = new TestClient(t.app);
    await signInAsAdmin(admin);
  });
  afterAll(() => t.close());

  it.each([
    ['a name climbing out of the folder', '../x.pdf', "'..' is not allowed"],
    ['a name with .. inside a folder', 'cards/../../x.pdf', "'..' is not allowed"],
    ['a name in a folder', 'cards/20260001.pdf', 'Folders are not allowed'],
    ['an absolute name', '/etc/20260001.pdf', 'An absolute path is not allowed'],
    ['a Windows absolute name', 'C:\\cards\\x.pdf', 'An absolute path is not allowed'],
    ['a name that is not a student ID', 'report card.pdf', 'must be the student ID'],
  ])('refuses %s and stores nothing', async (_what, name, message) => {
    const response = await upload([
      { name: `${a.id}.pdf`, data: cardPdf('a') },
      { name, data: cardPdf('x') },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().errors).toEqual([{ row: 2, column: name, message: expect.stringContaining(message) }]);
    expect(await storedCards()).toEqual([]);
  });

  it('lists an entry that is not a PDF by content, and an unknown student ID, as errors', async () => {
    const response = await upload([
      { name: `${a.id}.pdf`, data: 'just some text pretending' },
      { name: '99999999.pdf', data: cardPdf('nobody') },
      { name: `${b.id}.pdf`, data: cardPdf('b') },
    ]);
    expect(response.json()).toMatchObject({
      cards: 1,
      errors: [
        { row: 1, column: `${a.id}.pdf`, message: 'The file is not a PDF.' },
        { row: 2, column: '99999999.pdf', message: 'There is no student with the ID 99999999.' },
      ],
    });
    expect(await storedCards()).toEqual([]);
  });

  it('refuses a ZIP with too many entries before reading them', async () => {
    const entries = Array.from({ length: 2001 }, (_, index) => ({ name: `${index}.pdf`, data: 'x', store: true }));
    const response = await upload(entries);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('more than 2000 entries');
  });

  it('refuses a zip bomb: an entry that inflates past the size it declares', async () => {
    const response = await upload([{ name: `${a.id}.pdf`, data: Buffer.alloc(2 * 1024 * 1024, 0x25), declaredSize: 1000 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('inflates past its declared size');
    expect(await storedCards()).toEqual([]);
  });

  it('refuses a ZIP whose entries declare a huge inflated size', async () => {
    const response = await upload([{ name: `${a.id}.pdf`, data: cardPdf('a'), declaredSize: 0xfffffff0 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('too large once unzipped');
  });

  it('refuses a file that is not a ZIP', async () => {
    const response = await upload(PDF, { name: 'cards.pdf' });
    expect(response.statusCode).toBe(422);
  });

  it('only checks a ZIP sent without dry_run, and refuses a dry_run other than true or false', async () => {
    const bytes = makeZip([{ name: `${a.id}.pdf`, data: cardPdf('a') }]);
    const send = (fields: Record<string, string>) =>
      sendFile(admin, '/api/report-cards/upload', { year: '2025', term: '2', ...fields }, { name: 'cards.zip', bytes });
    expect((await send({})).json()).toMatchObject({ dry_run: true, cards: 1, errors: [] });
    for (const dry_run of ['0', '1', 'no', 'FALSE']) {
      const refused = await send({ dry_run });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: messages.dryRun, errors: { dry_run: [messages.dryRun] } });
    }
    expect(await storedCards()).toEqual([]);
  });

  it('checks a good ZIP in a dry run without storing anything, then stores each card', async () => {
    const entries = [
      { name: `${a.id}.pdf`, data: cardPdf('a') },
      { name: `${b.id}.PDF`, data: cardPdf('b') },
    ];
    const dry = await upload(entries, { dryRun: true });
    expect(dry.json()).toMatchObject({ dry_run: true, cards: 2, errors: [] });
    expect(await storedCards()).toEqual([]);

    const applied = await upload(entries);
    expect(applied.json()).toMatchObject({ dry_run: false, cards: 2, errors: [] });
    expect(await storedCards()).toEqual([
      { student_id: a.id, year: 2025, term: '2', size_bytes: cardPdf('a').length },
      { student_id: b.id, year: 2025, term: '2', size_bytes: cardPdf('b').length },
    ]);
  });

  it('is what the student gets for that term once it is posted, instead of a generated card; a new upload replaces it', async () => {
    await giveTerm(t.db, a.id, { year: 2025, term: '1', classId: '3D' });
    const student = new TestClient(t.app, '10.0.0.5');
    await signInAsStudent(student, a.id);
    const terms = (await student.get(`/api/report-card-terms/${a.id}`)).json();
    expect(terms.map((term: { year: number; term: string }) => `${term.year}/${term.term}`)).toEqual(['2025/2', '2025/1']);
    expect((await student.get(`/api/report-card/${a.id}/2025/2`)).statusCode).toBe(404);

    await setPosted(t.db, 2025, '2', true);
    const card = await student.get(`/api/report-card/${a.id}/2025/2`);
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.equals(cardPdf('a'))).toBe(true);

    await upload([{ name: `${a.id}.pdf`, data: cardPdf('a, corrected') }]);
    expect((await student.get(`/api/report-card/${a.id}/2025/2`)).rawPayload.equals(cardPdf('a, corrected'))).toBe(true);
    expect(await storedCards()).toHaveLength(2);
  });

  it('stores all the cards or none: a fault after any card, in the publish, or (PostgreSQL) every connection cut leaves the cards and the store as before', async () => {
    const students = await Promise.all(Array.from({ length: 4 }, () => createStudent(t.db, { class_id: '4D' })));
    await upload([{ name: `${students[0].id}.pdf`, data: cardPdf('first, kept') }]);
    const entries = students.map((student, index) => ({ name: `${student.id}.pdf`, data: cardPdf(`replacement ${index}`) }));
    const ids = students.map((student) => student.id);
    const snapshot = async () => ({
      cards: await t.db.selectFrom('report_card_files').select(['student_id', 'term', 'stored_name', 'size_bytes']).orderBy('student_id').execute(),
      stored: (await t.app.deps.files.list()).map((file) => file.key).sort(),
      summaries: (await t.db.selectFrom('term_summaries').select('student_id').where('year', '=', 2025).where('term', '=', '2').execute()).length,
    });
    let before = await snapshot();
    const real = t.app.deps.files;
    const faults: Array<'error' | 'connections cut'> = testDialect === 'postgres' ? ['error', 'connections cut'] : ['error'];
    try {
      for (const fault of faults) {
        // After the first, second, … fourth card's bytes are stored, then in the publish.
        for (let faultAt = 1; faultAt <= entries.length + 1; faultAt += 1) {
          const strike = async () => {
            if (fault === 'error') throw new Error(`a fault at ${faultAt}`);
            await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(t.db);
          };
          let stored = 0;
          t.app.deps.files = {
            ...real,
            putMany: (files, options, write) =>
              real.putMany(files, { ...options, between: async () => ((stored += 1) === faultAt ? strike() : undefined) }, async (trx, keys, change) => {
                if (faultAt > entries.length) await strike();
                return write(trx, keys, change);
              }),
          };
          const stopped = await upload(entries);
          // A cut connection may be reconnected before the next write: then every card is stored, never some.
          if (stopped.statusCode === 200) {
            const after = await snapshot();
            expect({ fault, faultAt, sizes: after.cards.filter((card) => ids.includes(card.student_id)).map((card) => card.size_bytes) }).toEqual({
              fault,
              faultAt,
              sizes: entries.map((entry) => entry.data.length),
            });
            // The new cards' bytes are stored, and the bytes of the cards they replaced are gone.
            const ours = (cards: typeof after.cards) => cards.filter((card) => ids.includes(card.student_id)).map((card) => card.stored_name);
            expect(after.stored).toEqual([...before.stored.filter((key) => !ours(before.cards).includes(key)), ...ours(after.cards)].sort());
            before = after;
            continue;
          }
          // In words, never the database's own: a card not written (409), or, for a cut connection, the error handler's 503.
          const answered = { status: stopped.statusCode, message: stopped.json().message };
          const inWords = stoppedInWords(answered, fault, messages.uploadStopped(messages.uploadCardNotWritten));
          expect({ fault, faultAt, ...answered, inWords }).toEqual({ fault, faultAt, ...answered, inWords: true });
          expect({ fault, faultAt, ...(await snapshot()) }).toEqual({ fault, faultAt, ...before });
        }
      }
    } finally {
      t.app.deps.files = real;
    }
  });

  it('serves an uploaded card sandboxed, so no script in it runs with the portal’s origin, and a card the portal made as it is', async () => {
    const c = await createStudent(t.db, { class_id: '4D' }, { password: STUDENT_PASSWORD });
    await giveTerm(t.db, c.id, { year: 2025, term: '3', classId: '3D' });
    await setPosted(t.db, 2025, '3', true);
    await setPosted(t.db, 2025, '2', true);
    await upload([{ name: `${c.id}.pdf`, data: cardPdf('c') }]);
    const student = new TestClient(t.app, '10.0.0.6');
    await signInAsStudent(student, c.id);

    const uploaded = await student.get(`/api/report-card/${c.id}/2025/2`);
    expect(uploaded.statusCode).toBe(200);
    const policy = String(uploaded.headers['content-security-policy']).split(';');
    expect(policy).toContain('sandbox');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(uploaded.headers['content-type']).toBe('application/pdf');

    const generated = await student.get(`/api/report-card/${c.id}/2025/3`);
    expect(generated.statusCode).toBe(200);
    expect(String(generated.headers['content-security-policy']).split(';')).not.toContain('sandbox');
  });
});
