import { readAccess } from '../../../src/session/access.ts';
import { roleMay } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestClient, type TestApp } from '../../helpers/test-app.ts';
import { completeRecordFields, createStudent, signedInStaff, type TestStudent } from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { readWorkbook } from '../admin-data/workbook.ts';

/** Values of her record a teacher must never receive: none is in the health alerts or a class's Parents Contact. */
const hidden = {
  date_of_birth: '2012-11-23',
  birth_certificate_no: 'BC-HIDDEN-77',
  home_address: '9 Hidden Lane',
  email: 'hidden-record@example.tt',
  previous_school: 'Hidden Valley Primary',
  medical_history: 'HIDDEN-MEDICAL-HISTORY',
  other_illness: 'HIDDEN-OTHER-ILLNESS',
  other_learning_disablity: 'HIDDEN-LEARNING-NOTE',
  special_consideration: 'HIDDEN-CONSIDERATION',
  achivements: 'HIDDEN-ACHIEVEMENT',
  place_of_birth: 'Hidden Bay',
};

let t: TestApp;
let student: TestStudent;
let teacher: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  student = await createStudent(t.db, {
    ...completeRecordFields,
    ...hidden,
    class_id: '4D',
    asthma: 1,
    dyslexia: 1,
    hepatitis: 1,
    allergy: 'Peanuts',
    emergency_contact: 'Aunt Marva',
    emergency_home_phone: '8681234567',
  });
  teacher = await signedInStaff(t.app, t.db, 'form-teacher-4d', { role: 'teacher', classes: ['4D'] });
});
afterAll(() => t.close());

/** The answer's text, whatever its kind: JSON, a PDF's words or a workbook's cells. */
async function answerText(response: Awaited<ReturnType<TestClient['get']>>): Promise<string> {
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/pdf')) return pdfText(response.rawPayload);
  if (type.includes('spreadsheetml')) return JSON.stringify((await readWorkbook(response.rawPayload)).map((sheet) => [sheet.headers, sheet.rows]));
  return response.body;
}

describe("what a teacher receives of her class's records", () => {
  it('answers the health alerts: the conditions that are on, allergies and the emergency contact, nothing else', async () => {
    const response = await teacher.get('/api/health-alerts/4D');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: student.id,
        first_name: 'Kezia',
        last_name: student.last_name,
        class_id: '4D',
        conditions: ['asthma', 'dyslexia'],
        allergy: 'Peanuts',
        emergency_contact: 'Aunt Marva',
        emergency_home_phone: '8681234567',
      },
    ]);
  });

  it('never receives a value of the record outside the health alerts, from any call her role may make', async () => {
    const calls = t.app.routeTable.filter((route) => {
      const needs = route.method === 'GET' && route.access ? readAccess(route.access) : null;
      return needs !== null && roleMay('teacher', needs.permission);
    });
    expect(calls.length).toBeGreaterThan(8);
    const leaks: string[] = [];
    for (const route of calls) {
      const url = route.url
        .replace(/:(class_?[iI]d)/g, '4D')
        .replace(':start', '2026-01-05')
        .replace(':end', '2026-03-27')
        .replace(':year', '2025')
        .replace(':term', '1')
        .replace(/:[a-zA-Z_]+/g, student.id);
      const response = await teacher.get(url);
      expect([200, 404], `${route.url} answered ${response.statusCode}`).toContain(response.statusCode);
      const text = await answerText(response);
      for (const [field, value] of Object.entries(hidden)) if (text.includes(value)) leaks.push(`${route.url} carries ${field}`);
    }
    expect(leaks).toEqual([]);
  });

  it("lists her classes' students only, without their dates of birth or birth certificates", async () => {
    const other = await createStudent(t.db, { class_id: '5E' });
    const rows = (await teacher.get('/api/students')).json() as Array<{ id: string; date_of_birth: string | null; birth_certificate_no: string | null }>;
    expect(rows.map((row) => row.id)).toEqual([student.id]);
    expect(rows.map((row) => row.id)).not.toContain(other.id);
    expect(rows[0]).toMatchObject({ date_of_birth: null, birth_certificate_no: null });
  });
});
