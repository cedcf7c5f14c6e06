import type { FastifyRequest } from 'fastify';
import { messages } from '@school/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/core/config.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { registrationRepository } from '../../../src/features/registration/repository.ts';
import { preloadForStudent } from '../../../src/session/preload.ts';
import { createTestDb, testDialect } from '../../helpers/test-db.ts';
import { hashToken } from '../../../src/session/session-repository.ts';
import { SESSION_COOKIE } from '../../../src/session/sessions.ts';
import {
  createAdminUser,
  createStudent,
  openRegistration,
  signedInAdmin,
  signedInStudent,
  signInAsStudent,
  type TestStudent,
} from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

let student: TestStudent;
let client: TestClient;
beforeEach(async () => {
  ({ student, client } = await signedInStudent(t, { class_id: '2B' }));
  await openRegistration(t.db);
});

const load = async (who = client, id = student.id) => (await who.get(`/api/student/${id}`)).json();
const save = (body: Record<string, unknown>, who = client) => who.post('/api/student', body);

describe('loading the record', () => {
  it('answers the record with the spec field names, progress flags and the registration window', async () => {
    const body = await load();
    expect(body.record).toMatchObject({ id: student.id, student_id: student.id, first_name: student.first_name, class_id: '2B', achivements: null, asthma: 0 });
    expect(typeof body.record.updatedAt).toBe('string');
    expect(body.record).not.toHaveProperty('password_hash');
    expect(body.progress).toEqual({
      ...{ studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0 },
      reviewed: { studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0 },
    });
    expect(body.registration).toMatchObject({ form_level: 2, open: 1, editable: true });
  });
});

describe('POST /api/student', () => {
  it('saves the whole record and answers the new version', async () => {
    const { record } = await load();
    const response = await save({
      ...record,
      email: 'kezia@example.tt',
      phone_home: '6231234',
      asthma: 1,
      living_status: 'Mother Only',
      mother_name: 'Joy Charles',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved.record).toMatchObject({ email: 'kezia@example.tt', phone_home: '6231234', asthma: 1, mother_name: 'Joy Charles' });
    expect(saved.record.updatedAt).not.toBe(record.updatedAt);
    expect(saved.progress.familyData).toBe(1);
    expect((await load()).record.email).toBe('kezia@example.tt');
  });

  it.each([
    ['email', 'not-an-email', 'Invalid e-mail'],
    ['phone_home', '12345', '7 Digits Needed'],
    ['mobile_phone_father', '12a4567', 'Only Numbers Allowed'],
    ['no_in_family', '123', 'At most 2 characters.'],
    ['no_at_home', 'x', 'Only Numbers Allowed'],
    ['first_name', 'A'.repeat(21), 'At most 20 characters.'],
    ['guardian_name', 'G'.repeat(31), 'At most 30 characters.'],
    ['blood_type', 'Q-positive', 'Choose one of the options.'],
    ['permit_issue_date', '2999-01-01', 'The date cannot be in the future.'],
    ['permit_issue_date', '2020-13-01', 'Enter a date as yyyy-MM-dd.'],
    ['first_name', '', 'This field is required.'],
  ])('refuses %s = %j with 422 and the field message', async (field, value, message) => {
    const { record } = await load();
    const response = await save({ ...record, [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await load()).record.updatedAt).toBe(record.updatedAt);
  });

  it('takes the changes of a save that sends back, as stored, a value the form would now refuse (decision 031)', async () => {
    // Stored by the school before the form's rules, say: seven digits are asked for now.
    await t.db.updateTable('students').set({ phone_home: '62312' }).where('id', '=', student.id).execute();
    const { record } = await load();
    const response = await save({ ...record, allergy: 'Dust' });
    expect(response.statusCode).toBe(200);
    expect(response.json().record).toMatchObject({ phone_home: '62312', allergy: 'Dust' });
    // Changing it is judged as ever.
    const changed = await save({ ...response.json().record, phone_home: '6231' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toEqual({ phone_home: ['7 Digits Needed'] });
  });

  it('keeps the version of a save that changes nothing, and answers every progress flag', async () => {
    await t.db.updateTable('form_progress').set({ documents: 1, documents_reviewed: 1 }).where('student_id', '=', student.id).execute();
    const { record } = await load();
    const unchanged = await save({ ...record });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().record.updatedAt).toBe(record.updatedAt);
    expect(unchanged.json().progress).toEqual({
      ...{ studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 1, submit: 0 },
      reviewed: { studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 1 },
    });

    const changed = await save({ ...record, allergy: 'Dust' });
    expect(changed.json().progress).toMatchObject({ documents: 1, submit: 0 });
    const stored = await t.db.selectFrom('form_progress').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ documents: 1, submit: 0 });
  });

  it('keeps another editor’s newer change to a field this save did not touch', async () => {
    const { record } = await load();
    const admin = await signedInAdmin(t.app);
    const byAdmin = await save({ ...record, birth_certificate_no: 'BC777' }, admin);
    const retry = await save({ ...byAdmin.json().record, allergy: 'Latex' });
    expect(retry.statusCode).toBe(200);
    expect((await load()).record).toMatchObject({ birth_certificate_no: 'BC777', allergy: 'Latex' });
  });

  it('answers a stale updatedAt with 409 and the current record', async () => {
    const { record } = await load();
    const first = await save({ ...record, allergy: 'Peanuts' });
    expect(first.statusCode).toBe(200);
    const stale = await save({ ...record, medical_history: 'None' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().record).toMatchObject({ allergy: 'Peanuts', updatedAt: first.json().record.updatedAt });
    expect((await load()).record.medical_history).toBeNull();
  });

  it('lets exactly one of 40 saves sent at once on the same version through, with one audit row, and answers the rest 409', async () => {
    const { record } = await load();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => save({ ...record, allergy: `Parallel ${index}` })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(39);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().record;
    expect((await load()).record).toMatchObject({ allergy: winner.allergy, updatedAt: winner.updatedAt });
    const audited = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'student.record-updated')
      .where('student_id', '=', student.id)
      .execute();
    expect(audited).toEqual([{ detail: 'fields: allergy' }]);
  });

  it('saves the records of 30 students sent at once, each with her own change and one audit row', async () => {
    const admin = await signedInAdmin(t.app);
    const others = await Promise.all(Array.from({ length: 30 }, () => createStudent(t.db, { class_id: '4A' })));
    const records = await Promise.all(others.map(async (one) => (await load(admin, one.id)).record));
    const answers = await Promise.all(records.map((record, index) => save({ ...record, allergy: `Allergy ${index}` }, admin)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(others.map(() => 200));
    const ids = others.map((one) => one.id);
    const stored = await t.db.selectFrom('students').select(['id', 'allergy', 'updated_at']).where('id', 'in', ids).execute();
    others.forEach((one, index) => {
      expect(stored.find((row) => row.id === one.id)).toEqual({ id: one.id, allergy: `Allergy ${index}`, updated_at: answers[index].json().record.updatedAt });
    });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['student_id', 'detail'])
      .where('action', '=', 'student.record-updated')
      .where('student_id', 'in', ids)
      .execute();
    expect(audited.map((row) => row.student_id).sort()).toEqual([...ids].sort());
    expect(new Set(audited.map((row) => row.detail))).toEqual(new Set(['fields: allergy']));
  });

  it('saves the others sent with a save holding a character no file can keep, which alone is refused with a 422 naming the field', async () => {
    const admin = await signedInAdmin(t.app);
    const others = await Promise.all(Array.from({ length: 4 }, () => createStudent(t.db, { class_id: '4A' })));
    const records = await Promise.all(others.map(async (one) => (await load(admin, one.id)).record));
    // A NUL (which PostgreSQL's text cannot hold) and a lone surrogate break the school's spreadsheets (decision 038); an escape written out is ordinary text.
    const allergies = ['Dust\u0000mites', 'Pollen \ud800', 'Peanuts', 'Written \\u0000 out'];
    const answers = await Promise.all(records.map((record, index) => save({ ...record, allergy: allergies[index] }, admin)));
    for (const refused of answers.slice(0, 2)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.allergy).toEqual([messages.forbiddenCharacter('Allergies')]);
    }
    expect(answers.slice(2).map((answer) => answer.statusCode)).toEqual([200, 200]);
    const stored = await t.db
      .selectFrom('students')
      .select(['id', 'allergy'])
      .where(
        'id',
        'in',
        others.slice(2).map((one) => one.id),
      )
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.allergy)).toEqual(['Peanuts', 'Written \\u0000 out']);
  });

  it('keeps both editors’ changes when the second re-applies hers on the newest version', async () => {
    const { record } = await load();
    const other = new TestClient(t.app);
    await signInAsStudent(other, student.id);
    const a = await save({ ...record, allergy: 'Shellfish' });
    const b = await save({ ...record, transport: 1 }, other);
    expect(b.statusCode).toBe(409);
    const retry = await save({ ...b.json().record, transport: 1 }, other);
    expect(retry.statusCode).toBe(200);
    expect((await load()).record).toMatchObject({ allergy: 'Shellfish', transport: 1 });
    expect(a.statusCode).toBe(200);
  });

  it("refuses a student's save of another student's record", async () => {
    const other = await createStudent(t.db);
    const { record } = await load();
    const response = await save({ ...record, id: other.id });
    expect(response.statusCode).toBe(403);
  });

  it("refuses a student's change of her class or house, and ignores a password in the body", async () => {
    const { record } = await load();
    expect((await save({ ...record, class_id: '5A' })).statusCode).toBe(403);
    expect((await save({ ...record, house_code: 'D' })).statusCode).toBe(403);
    const sneaky = await save({ ...record, password: 'x', password_reset: 0, password_hash: 'x' });
    expect(sneaky.statusCode).toBe(200);
    const account = await t.db.selectFrom('student_accounts').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow();
    expect(account.password_hash).not.toBe('x');
  });

  it('refuses saves while her form level is closed, with the reason', async () => {
    await t.db.updateTable('registration_status').set({ open: 0 }).where('form_level', '=', 2).execute();
    const { record, registration } = await load();
    expect(registration).toMatchObject({ editable: false, message: 'Registration for Form 2 is closed. Your record can be viewed but not changed.' });
    const response = await save({ ...record, allergy: 'Dust' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Registration for Form 2 is closed. Your record can be viewed but not changed.');
  });

  it('refuses saves after the deadline and accepts them before it', async () => {
    await t.db
      .updateTable('registration_status')
      .set({ deadline: new Date(Date.now() + 3_600_000).toISOString() })
      .where('form_level', '=', 2)
      .execute();
    const { record } = await load();
    const before = await save({ ...record, allergy: 'Dust' });
    expect(before.statusCode).toBe(200);
    await t.db
      .updateTable('registration_status')
      .set({ deadline: new Date(Date.now() - 60_000).toISOString() })
      .where('form_level', '=', 2)
      .execute();
    const after = await save({ ...before.json().record, allergy: 'Pollen' });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toMatch(/^Registration for Form 2 closed on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\. /);
  });

  it('lets an admin save outside the window, change the class, and logs it', async () => {
    await t.db.updateTable('registration_status').set({ open: 0 }).execute();
    const admin = await signedInAdmin(t.app);
    const { record } = await load(admin);
    const response = await save({ ...record, class_id: '2C', birth_certificate_no: 'BC123' }, admin);
    expect(response.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'student.record-updated')
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_kind: 'admin', actor_id: 'registrar', detail: 'fields: class_id, birth_certificate_no' });

    const again = await save({ ...response.json().record }, admin);
    expect(again.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'student.record-updated')
      .where('student_id', '=', student.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('registration settings', () => {
  it('lets an admin close a form level with a deadline in school time, which the student sees at once', async () => {
    const admin = await signedInAdmin(t.app);
    const response = await admin.request('PUT', '/api/registration-status/2', { open: 1, deadline_local: '2020-09-25T16:00' });
    expect(response.statusCode).toBe(200);
    const row = await t.db.selectFrom('registration_status').selectAll().where('form_level', '=', 2).executeTakeFirstOrThrow();
    expect(row.deadline).toBe('2020-09-25T20:00:00.000Z');
    const { registration } = await load();
    expect(registration.editable).toBe(false);
    expect(registration.message).toBe('Registration for Form 2 closed on 2020-09-25 16:00:00. Your record can be viewed but not changed.');
    const statuses = (await admin.get('/api/registration-status')).json();
    expect(statuses.find((status: { form_level: number }) => status.form_level === 2)).toMatchObject({ deadline_local: '2020-09-25T16:00', editable: false });
  });

  it('refuses a student and a bad value', async () => {
    expect((await client.request('PUT', '/api/registration-status/2', { open: 0, deadline_local: null })).statusCode).toBe(403);
    const admin = await signedInAdmin(t.app);
    expect((await admin.request('PUT', '/api/registration-status/9', { open: 0, deadline_local: null })).statusCode).toBe(422);
    expect((await admin.request('PUT', '/api/registration-status/2', { open: 3, deadline_local: 'soon' })).statusCode).toBe(422);
  });

  it.each([
    ['2026-13-45T16:00', 'The deadline is not a real date: enter it as yyyy-MM-dd.'],
    ['2026-02-30T16:00', 'The deadline is not a real date: enter it as yyyy-MM-dd.'],
    ['2026-09-25T25:00', 'The deadline time is not real: enter it as HH:mm, 00:00 to 23:59.'],
    ['25/09/2026 16:00', 'Enter the deadline as a date (yyyy-MM-dd) and a time (HH:mm).'],
  ])('refuses the deadline %j with a clear message and keeps the old one', async (deadline, message) => {
    const admin = await signedInAdmin(t.app);
    const before = await t.db.selectFrom('registration_status').selectAll().where('form_level', '=', 2).executeTakeFirstOrThrow();
    const response = await admin.request('PUT', '/api/registration-status/2', { open: 1, deadline_local: deadline });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.deadline_local).toEqual([message]);
    expect(await t.db.selectFrom('registration_status').selectAll().where('form_level', '=', 2).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('the record read for a save (one JSON value on PostgreSQL)', () => {
  it('is the record as stored, with its window and progress, whatever its text holds', async () => {
    const awkward = {
      first_name: 'Zoë "Zee" O\'Neil \\ 😀',
      home_address: 'Line 1\nLine 2\t{"not": "json"}',
      middle_name: null,
      sea_no: '0012',
      previous_school: '',
      asthma: 1,
    };
    await t.db.updateTable('students').set(awkward).where('id', '=', student.id).execute();
    await t.db
      .updateTable('form_progress')
      .set({ studentData: 1, familyData: 0, healthData: 1, otherData: 0, documents: 0, submit: 0, healthData_reviewed: 1, completed_on: 0 })
      .where('student_id', '=', student.id)
      .execute();
    await t.db.updateTable('registration_status').set({ open: 0, deadline: '2026-12-01T20:00:00.000Z' }).where('form_level', '=', 2).execute();

    const found = await registrationRepository.findForSave(t.db, testDialect, student.id);
    const stored = await t.db.selectFrom('students').selectAll().where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(found?.student).toMatchObject(stored);
    expect(found?.student).toMatchObject(awkward);
    expect(found?.status).toEqual(await t.db.selectFrom('registration_status').selectAll().where('form_level', '=', 2).executeTakeFirstOrThrow());
    expect(found?.progress).toEqual({
      studentData: 1,
      familyData: 0,
      healthData: 1,
      otherData: 0,
      documents: 0,
      submit: 0,
      studentData_reviewed: 0,
      familyData_reviewed: 0,
      healthData_reviewed: 1,
      otherData_reviewed: 0,
      documents_reviewed: 0,
      completed_on: 0,
    });
    expect(await registrationRepository.findForSave(t.db, testDialect, 'no-such-student')).toBeUndefined();
  });

  it("comes with a student's session on PostgreSQL, as a save would read it after; an admin's session brings no record", async () => {
    await t.db.updateTable('students').set({ allergy: 'Shellfish "and" nuts' }).where('id', '=', student.id).execute();
    const preload = preloadForStudent(registrationRepository.recordForSave);
    const sessionHash = (who: TestClient) => hashToken(who.cookies.get(SESSION_COOKIE)!);
    /** What the preload hands a request once its session is found live. */
    const handed = async (read: Awaited<ReturnType<typeof preload.read>>) => {
      const request = {} as FastifyRequest;
      read?.handTo(request);
      return preload.of(request);
    };
    const read = await preload.read(t.db, testDialect, sessionHash(client));
    expect(read?.session).toMatchObject({ kind: 'student', student_id: student.id, id_hash: sessionHash(client), admin_name: null });
    expect(read?.session).not.toHaveProperty('preloaded');
    if (testDialect === 'postgres') expect(await handed(read)).toEqual(await registrationRepository.findForSave(t.db, testDialect, student.id));
    // On SQLite the save reads the record inside its own transaction.
    else expect(await handed(read)).toBeUndefined();

    const admin = await signedInAdmin(t.app);
    const adminRead = await preload.read(t.db, testDialect, sessionHash(admin));
    expect(adminRead?.session).toMatchObject({ kind: 'admin', admin_name: 'registrar' });
    expect(await handed(adminRead)).toBeUndefined();
    expect(await preload.read(t.db, testDialect, 'no-such-session')).toBeUndefined();
  });
});

describe('the statements of an autosave', () => {
  /** The app on a database that counts the statements it runs. */
  let counted: TestApp;
  let statements = 0;
  beforeAll(async () => {
    const { db, dialect, close } = await createTestDb();
    const countingDb = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    });
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: countingDb, dialect, logger: false });
    await app.ready();
    counted = {
      app,
      db,
      config,
      async close() {
        await app.close();
        await close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
    await createAdminUser(db);
    await openRegistration(db);
  });
  afterAll(() => counted.close());

  let saves = 0;
  /** The statements one save of `who` runs, from its session to its answer. */
  async function statementsOfSave(who: TestClient, id: string) {
    const { record } = (await who.get(`/api/student/${id}`)).json();
    saves += 1;
    statements = 0;
    const response = await who.post('/api/student', { ...record, allergy: `Dust ${saves}` });
    expect(response.statusCode).toBe(200);
    return statements;
  }

  it("are two for a student's save on PostgreSQL: her session with her record, then the write (decision 033)", async () => {
    const { student: one, client: her } = await signedInStudent(counted, { class_id: '2B' });
    // Her first save of a Health Data field reviews the step (decision 026): on PostgreSQL the mark is
    // in the same write; on SQLite the progress row is one more statement of the save's transaction.
    expect(await statementsOfSave(her, one.id)).toBe(testDialect === 'postgres' ? 2 : 5);
    expect(await counted.db.selectFrom('form_progress').select('healthData_reviewed').where('student_id', '=', one.id).executeTakeFirstOrThrow()).toEqual({
      healthData_reviewed: 1,
    });
    // On SQLite: the session, then in the save's transaction the record, the UPDATE and the audit row.
    expect(await statementsOfSave(her, one.id)).toBe(testDialect === 'postgres' ? 2 : 4);
    const admin = await signedInAdmin(counted.app);
    // An admin's session brings no record: the save reads it itself.
    expect(await statementsOfSave(admin, one.id)).toBe(testDialect === 'postgres' ? 3 : 4);
  });
});
