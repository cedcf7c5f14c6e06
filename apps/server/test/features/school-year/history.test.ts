import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, createStudent, signedInStudent, storeCompleteRegistration } from '../../helpers/factories.ts';
import { rollOverAsProposed } from './school-year-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  ({ t, admin } = await adminApp());
});
afterEach(() => t.close());

const rollOver = () => rollOverAsProposed(t.db, admin);

describe('GET /api/student/{id}/history', () => {
  it('lists each past year with the fields she changed in the year after, never their values', async () => {
    const student = await createStudent(t.db, { class_id: '1A', allergy: 'Dust', email: 'kezia@example.tt' });
    await storeCompleteRegistration(t.db, student.id);
    await t.db.updateTable('form_progress').set({ completed_on: 20260612 }).where('student_id', '=', student.id).execute();
    expect((await admin.get(`/api/student/${student.id}/history`)).json()).toEqual([]);

    const first = await rollOver();
    await t.db.updateTable('students').set({ allergy: 'Pollen', medical_history: 'Asthma as a child' }).where('id', '=', student.id).execute();
    const second = await rollOver();
    await t.db.updateTable('students').set({ email: 'kezia.c@example.tt' }).where('id', '=', student.id).execute();

    const response = await admin.get(`/api/student/${student.id}/history`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { year: first, class_id: '1A', submitted_at: '2026-06-12', changed_fields: ['medical_history', 'allergy'] },
      { year: second, class_id: '2A', submitted_at: null, changed_fields: ['email'] },
    ]);
    expect(response.body).not.toContain('Pollen');
    const audit = await t.db.selectFrom('audit_log').select(['student_id', 'detail']).where('action', '=', 'student.history-viewed').execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.student_id === student.id && row.detail === null)).toBe(true);
  });

  it('answers 404 for an unknown student and 403 to a student', async () => {
    expect((await admin.get('/api/student/nobody/history')).statusCode).toBe(404);
    const { student, client } = await signedInStudent(t);
    expect((await client.get(`/api/student/${student.id}/history`)).statusCode).toBe(403);
  });
});
