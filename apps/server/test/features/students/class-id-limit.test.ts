import { limits, messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff } from '../../helpers/factories.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';

/** A class named as long as the contract allows (`limits.classId`), as a rollover may name one. */
const longClass = `1-${'L'.repeat(limits.classId - 2)}`;
const tooLong = `${longClass}X`;

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await t.db.insertInto('form_classes').values({ id: longClass, form_level: 1 }).execute();
  await createStudent(t.db, { class_id: longClass, asthma: 1 });
});
afterAll(() => t.close());

describe('a class ID has one limit, the contract’s', () => {
  it('reads a class whose ID has the most characters allowed, by its health alerts and its Parents Contact', async () => {
    expect(longClass).toHaveLength(limits.classId);
    const alerts = await admin.get(`/api/health-alerts/${encodeURIComponent(longClass)}`);
    expect(alerts.statusCode).toBe(200);
    expect(JSON.stringify(alerts.json())).toContain(longClass);
    const contact = await admin.get(`/api/parents-contact/${encodeURIComponent(longClass)}`);
    expect(contact.statusCode).toBe(200);
  });

  it('refuses one character more with the contract’s message, not a 500', async () => {
    for (const url of [`/api/health-alerts/${tooLong}`, `/api/parents-contact/${tooLong}`]) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message, url).toBe(messages.tooLong(limits.classId));
    }
  });

  it('assigns a teacher the long class, and she reads it', async () => {
    const created = await admin.post('/api/staff', { username: 'long-class-teacher', display_name: 'Ms Long', role: 'teacher', classes: [longClass] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().classes).toEqual([longClass]);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-of-long', { role: 'teacher', classes: [longClass] });
    expect((await teacher.get(`/api/health-alerts/${encodeURIComponent(longClass)}`)).statusCode).toBe(200);
  });
});
