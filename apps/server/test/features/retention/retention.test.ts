import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { nowIso } from '../../../src/db/database.ts';
import { adminApp, signedInStudent } from '../../helpers/factories.ts';
import { daysAgo, herHealth, leaverWithData, whatIsKept } from './leavers-with-data.ts';

let t: TestApp;
let admin: TestClient;
afterEach(() => t.close());

async function start(overrides: Parameters<typeof adminApp>[0] = {}) {
  ({ t, admin } = await adminApp(overrides));
}

/** The stored bytes' keys the store holds. */
const storedKeys = async () => (await t.app.deps.files.list()).map((file) => file.key).sort();

describe.each(['local', 'database'] as const)('erasing what is due with the %s file store', (fileStore) => {
  it('lists who is due and who will be, erases only the due leaver’s health data and documents, and keeps her academic record', async () => {
    await start({ fileStore });
    const due = await leaverWithData(t.db, t.app.deps.files, daysAgo(1, 2));
    const upcoming = await leaverWithData(t.db, t.app.deps.files, daysAgo(-1, 2));
    const before = await whatIsKept(t.db, due.id);
    const upcomingBefore = await whatIsKept(t.db, upcoming.id);
    const keys = await storedKeys();
    expect(keys).toHaveLength(8);

    const listed = (await admin.get('/api/retention')).json();
    expect(listed).toMatchObject({ retention_years: 2 });
    expect(listed.due).toEqual([
      {
        student_id: due.id,
        first_name: due.first_name,
        last_name: due.last_name,
        class_id: '1A',
        left_on: daysAgo(1, 2),
        due_on: daysAgo(1),
        health_fields: 4,
        snapshot_fields: 4,
        documents: 4,
      },
    ]);
    expect(listed.upcoming.map((entry: { student_id: string; due_on: string }) => [entry.student_id, entry.due_on])).toEqual([[upcoming.id, daysAgo(-1)]]);

    const erased = await admin.post('/api/retention/erase', { dry_run: false });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({
      dry_run: false,
      students: 1,
      health_fields: 4,
      snapshot_fields: 4,
      documents: 4,
      message: "Erased the health data and documents of 1 student who left (4 health fields, 4 in past years' records, 4 documents).",
    });

    const after = await whatIsKept(t.db, due.id);
    // Health data gone from her record and her snapshot; her identity, other fields, class history, report cards and attendance kept.
    for (const name of Object.keys(herHealth)) expect(after.student?.[name]).toBe(name === 'asthma' || name === 'diabetes' ? 0 : null);
    expect(after.student).toMatchObject({
      first_name: due.first_name,
      last_name: due.last_name,
      date_of_birth: due.date_of_birth,
      class_id: '1A',
      blood_type: 'O-positive',
      home_address: '12 Coffee Street',
    });
    const snapshot = JSON.parse(after.snapshots[0].record);
    expect(snapshot).toMatchObject({
      asthma: 0,
      diabetes: 0,
      allergy: null,
      medical_history: null,
      first_name: due.first_name,
      home_address: '12 Coffee Street',
      class_id: '1A',
    });
    expect(after.snapshots[0].record).not.toContain('Peanuts');
    expect(after.documents).toEqual([]);
    expect(after.dataFile).toBeUndefined();
    expect(after.progress).toMatchObject({ healthData: 0, documents: 0, healthData_reviewed: 0, documents_reviewed: 0, submit: 1 });
    expect({ summaries: after.summaries, results: after.results, attendance: after.attendance, leaver: after.leaver }).toEqual({
      summaries: before.summaries,
      results: before.results,
      attendance: before.attendance,
      leaver: before.leaver,
    });
    // Her files' bytes are gone from the store; the other leaver's stay, as does all she had.
    expect(await storedKeys()).toEqual(upcomingBefore.documents.map((document) => document.stored_name).sort());
    expect(await whatIsKept(t.db, upcoming.id)).toEqual(upcomingBefore);
    const download = await admin.get(`/api/files/${due.id}/immunization_card`);
    expect(download.statusCode).toBe(404);

    // Audited with counts only: never a value.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'student_id', 'actor_id', 'detail'])
      .where('action', 'in', ['student.data-erased', 'retention.erased'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'student.data-erased', student_id: due.id, actor_id: 'registrar', detail: "4 health fields, 4 in past years' records, 4 documents" },
      { action: 'retention.erased', student_id: null, actor_id: 'registrar', detail: "1 student: 4 health fields, 4 in past years' records, 4 documents" },
    ]);

    // Once erased, she is no longer due; a second erasure finds nothing.
    expect((await admin.get('/api/retention')).json().due).toEqual([]);
    expect((await admin.post('/api/retention/erase', { dry_run: false })).json()).toMatchObject({
      students: 0,
      health_fields: 0,
      documents: 0,
      message: 'Nothing is due to be erased.',
    });
  });
});

describe('POST /api/retention/erase', () => {
  it('is a dry run unless dry_run is false: it counts and changes nothing', async () => {
    await start();
    const leaver = await leaverWithData(t.db, t.app.deps.files, daysAgo(30, 3));
    const before = await whatIsKept(t.db, leaver.id);
    const keys = await storedKeys();
    for (const body of [{}, { dry_run: true }]) {
      const answer = await admin.post('/api/retention/erase', body);
      expect(answer.json()).toEqual({
        dry_run: true,
        students: 1,
        health_fields: 4,
        snapshot_fields: 4,
        documents: 4,
        message: "Erasing would remove the health data and documents of 1 student who left (4 health fields, 4 in past years' records, 4 documents).",
      });
    }
    expect(await whatIsKept(t.db, leaver.id)).toEqual(before);
    expect(await storedKeys()).toEqual(keys);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', 'in', ['student.data-erased', 'retention.erased']).execute()).toEqual([]);
  });

  it('erases a leaver’s absence notes’ words and files with her health data, keeping the days they excuse (decision 065)', async () => {
    await start();
    const leaver = await leaverWithData(t.db, t.app.deps.files, daysAgo(1, 2));
    const note = {
      student_id: leaver.id,
      from_date: daysAgo(40, 2),
      to_date: daysAgo(40, 2),
      sessions: 'both',
      reason: 'medical',
      sent_by: 'student',
      created_at: nowIso(),
    } as const;
    const fileKey = await t.app.deps.files.put({ bytes: Buffer.from('%PDF-1.4 the doctor’s note') }, { extension: '.pdf' }, async (trx, key) => {
      await trx
        .insertInto('absence_notes')
        .values({
          ...note,
          public_id: 'note-with-file',
          text: 'Seen by Dr Ali for her asthma.',
          file_key: key,
          file_name: 'doctor.pdf',
          file_mime: 'application/pdf',
          file_size: 26,
          status: 'accepted',
        })
        .execute();
      return key;
    });
    await t.db
      .insertInto('absence_notes')
      .values({ ...note, public_id: 'note-bare', text: '' })
      .execute();

    expect((await admin.get('/api/retention')).json().due).toEqual([expect.objectContaining({ student_id: leaver.id, health_fields: 5, documents: 5 })]);
    const erased = await admin.post('/api/retention/erase', { dry_run: false });
    expect(erased.json()).toMatchObject({ students: 1, health_fields: 5, snapshot_fields: 4, documents: 5 });

    const notes = await t.db.selectFrom('absence_notes').selectAll().where('student_id', '=', leaver.id).orderBy('public_id').execute();
    expect(notes).toEqual([
      expect.objectContaining({ public_id: 'note-bare', text: '', file_key: null }),
      expect.objectContaining({
        public_id: 'note-with-file',
        text: '',
        file_key: null,
        file_name: null,
        status: 'accepted',
        from_date: note.from_date,
        reason: 'medical',
      }),
    ]);
    expect(await storedKeys()).not.toContain(fileKey);
  });

  it('refuses a dry_run that is not true or false with 422, and anyone without the settings permission with 403', async () => {
    await start();
    const answer = await admin.post('/api/retention/erase', { dry_run: 'no' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('dry_run is true (only count what is due, the default) or false (erase it).');
    const { client } = await signedInStudent(t);
    expect((await client.post('/api/retention/erase', { dry_run: false })).statusCode).toBe(403);
    expect((await client.get('/api/retention')).statusCode).toBe(403);
  });

  it('waits RETENTION_YEARS full years: with 5, a leaver of three years ago is upcoming', async () => {
    await start({ retentionYears: 5 });
    const leaver = await leaverWithData(t.db, t.app.deps.files, '2023-02-28');
    const listed = (await admin.get('/api/retention')).json();
    expect(listed.retention_years).toBe(5);
    expect(listed.due).toEqual([]);
    expect(listed.upcoming).toMatchObject([{ student_id: leaver.id, due_on: '2028-02-28' }]);
    expect((await admin.post('/api/retention/erase', { dry_run: false })).json().students).toBe(0);
  });

  it('erases each leaver once under 50 calls at the same time: the counts add up to what was due', async () => {
    await start();
    const leavers = [];
    for (let index = 0; index < 5; index += 1) leavers.push(await leaverWithData(t.db, t.app.deps.files, daysAgo(index, 4)));
    const answers = await Promise.all(Array.from({ length: 50 }, () => admin.post('/api/retention/erase', { dry_run: false })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const results = answers.map((answer) => answer.json());
    expect(results.reduce((sum, result) => sum + result.students, 0)).toBe(5);
    expect(results.reduce((sum, result) => sum + result.documents, 0)).toBe(20);
    expect(results.reduce((sum, result) => sum + result.health_fields, 0)).toBe(20);
    expect(await storedKeys()).toEqual([]);
    const audited = await t.db.selectFrom('audit_log').select('student_id').where('action', '=', 'student.data-erased').orderBy('student_id').execute();
    expect(audited.map((row) => row.student_id)).toEqual(leavers.map((leaver) => leaver.id).sort());
    expect(await t.db.selectFrom('retention_erasures').select('student_id').execute()).toHaveLength(5);
  });

  it('erases again when a student brought back leaves once more and her new time is up', async () => {
    await start();
    const leaver = await leaverWithData(t.db, t.app.deps.files, daysAgo(10, 3));
    expect((await admin.post('/api/retention/erase', { dry_run: false })).json().students).toBe(1);
    await t.db.updateTable('students').set({ asthma: 1 }).where('id', '=', leaver.id).execute();
    await t.db
      .updateTable('student_leavers')
      .set({ left_on: daysAgo(5, 2) })
      .where('student_id', '=', leaver.id)
      .execute();
    expect((await admin.post('/api/retention/erase', { dry_run: false })).json()).toMatchObject({ students: 1, health_fields: 1, documents: 0 });
    expect((await t.db.selectFrom('students').select('asthma').where('id', '=', leaver.id).executeTakeFirstOrThrow()).asthma).toBe(0);
  });
});
