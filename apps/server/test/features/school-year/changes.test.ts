import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, createStudent, signedInStaff, signedInStudent } from '../../helpers/factories.ts';
import { rollOverAsProposed } from './school-year-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  ({ t, admin } = await adminApp());
});
afterEach(() => t.close());

/** A returning student's record last year: what she wrote, before she changes some of it in the new year. */
const lastYears = { class_id: '1A', allergy: 'Dust', religion_code: 'RC', mobile_phone_mother: '5551234', asthma: 0, email: 'kezia@example.tt' };

const change = (id: string, values: Record<string, string | number | null>) => t.db.updateTable('students').set(values).where('id', '=', id).execute();

describe('GET /api/student/{id}/changes', () => {
  it('lists the fields she changed since last year, by their labels, with the values then and now in words', async () => {
    const student = await createStudent(t.db, lastYears);
    const ended = await rollOverAsProposed(t.db, admin);
    await change(student.id, { allergy: 'Pollen', religion_code: 'ANG', mobile_phone_mother: '5559876', asthma: 1, email: '' });

    const response = await admin.get(`/api/student/${student.id}/changes`);
    expect(response.statusCode).toBe(200);
    // Her class moved with the rollover and the agreement was cleared: the school's doing, not hers, so neither is listed.
    expect(response.json()).toEqual({
      year: ended + 1,
      label: `${ended + 1}-${ended + 2}`,
      student: { id: student.id, first_name: 'Kezia', last_name: student.last_name, class_id: '2A' },
      since: { year: ended, label: `${ended}-${ended + 1}` },
      fields: [
        { name: 'email', label: 'E-mail', before: 'kezia@example.tt', after: null },
        { name: 'religion_code', label: 'Religion', before: 'Roman Catholic', after: 'Anglican' },
        { name: 'mobile_phone_mother', label: 'Mother Mobile Phone', before: '1868-555-1234', after: '1868-555-9876' },
        { name: 'asthma', label: 'Asthma', before: 'No', after: 'Yes' },
        { name: 'allergy', label: 'Allergies', before: 'Dust', after: 'Pollen' },
      ],
    });
  });

  it('counts from last year only: a change made two years ago is not listed again', async () => {
    const student = await createStudent(t.db, lastYears);
    await rollOverAsProposed(t.db, admin);
    await change(student.id, { allergy: 'Pollen' });
    const ended = await rollOverAsProposed(t.db, admin);
    await change(student.id, { email: 'kezia.c@example.tt' });

    const { since, fields } = (await admin.get(`/api/student/${student.id}/changes`)).json();
    expect(since.year).toBe(ended);
    expect(fields).toEqual([{ name: 'email', label: 'E-mail', before: 'kezia@example.tt', after: 'kezia.c@example.tt' }]);
  });

  it('lists nothing for a first-year student, nor for a returning one who changed nothing', async () => {
    const returning = await createStudent(t.db, lastYears);
    const ended = await rollOverAsProposed(t.db, admin);
    const newcomer = await createStudent(t.db, { ...lastYears, allergy: 'Pollen' });

    expect((await admin.get(`/api/student/${newcomer.id}/changes`)).json()).toEqual({
      year: ended + 1,
      label: `${ended + 1}-${ended + 2}`,
      student: { id: newcomer.id, first_name: 'Kezia', last_name: newcomer.last_name, class_id: '1A' },
      since: null,
      fields: [],
    });
    expect((await admin.get(`/api/student/${returning.id}/changes`)).json()).toMatchObject({ since: { year: ended }, fields: [] });
  });

  it('audits each view as a view of her record, and never writes a value into the audit log', async () => {
    const student = await createStudent(t.db, lastYears);
    await rollOverAsProposed(t.db, admin);
    await change(student.id, { allergy: 'Pollen', mobile_phone_mother: '5559876' });
    const before = await t.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

    expect((await admin.get(`/api/student/${student.id}/changes`)).body).toContain('Pollen');
    const office = await signedInStaff(t.app, t.db, 'office', { role: 'office' });
    expect((await office.get(`/api/student/${student.id}/changes`)).body).toContain('Pollen');

    const views = await t.db.selectFrom('audit_log').selectAll().where('id', '>', before.id).where('action', '=', 'student.record-viewed').execute();
    expect(views.map((row) => [row.actor_id, row.student_id, row.detail])).toEqual([
      ['registrar', student.id, null],
      ['office', student.id, null],
    ]);
    const everyRow = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    for (const value of ['Pollen', 'Dust', '5559876', '555-9876', '5551234']) expect(everyRow).not.toContain(value);
  });

  it('answers 50 views at once alike, each one logged once', async () => {
    const student = await createStudent(t.db, lastYears);
    await rollOverAsProposed(t.db, admin);
    await change(student.id, { allergy: 'Pollen' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => admin.get(`/api/student/${student.id}/changes`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.json().fields).toEqual([{ name: 'allergy', label: 'Allergies', before: 'Dust', after: 'Pollen' }]);
    const views = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'student.record-viewed').where('student_id', '=', student.id).execute();
    expect(views).toHaveLength(50);
  });

  it('refuses a teacher, even of her class, and a student, and answers 404 for an unknown student', async () => {
    const { student, client } = await signedInStudent(t, { class_id: '1A' });
    await rollOverAsProposed(t.db, admin);
    const teacher = await signedInStaff(t.app, t.db, 'teacher', { role: 'teacher', classes: ['1A', '2A'] });
    for (const caller of [teacher, client]) {
      const response = await caller.get(`/api/student/${student.id}/changes`);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('fields');
    }
    expect((await admin.get('/api/student/nobody/changes')).statusCode).toBe(404);
  });
});
