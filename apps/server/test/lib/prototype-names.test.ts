import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../helpers/factories.ts';

let t: TestApp;
let student: TestStudent;
beforeAll(async () => {
  t = await buildTestApp();
  student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
  await createAdminUser(t.db);
});
afterAll(() => t.close());

/** Raw JSON, so that keys such as __proto__ reach the server as written. */
const postJson = (client: TestClient, url: string, json: string) => client.request('POST', url, json, { 'content-type': 'application/json' });

describe('fields named like Object properties are only names', () => {
  it('answers 422 naming a field called constructor, prototype or toString', async () => {
    const client = new TestClient(t.app, '10.95.0.1');
    await signInAsStudent(client, student.id);
    for (const field of ['constructor', 'prototype', 'toString']) {
      const response = await postJson(client, '/api/student-data-files', `{"student_id":"${student.id}","${field}":[]}`);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
    // A body with __proto__ is refused as it is read.
    const proto = await postJson(client, '/api/student-data-files', `{"student_id":"${student.id}","__proto__":[]}`);
    expect(proto.statusCode).toBe(400);
  });

  it('refuses a student ID given as an object (whose toString the caller wrote), never reading it as text', async () => {
    const client = new TestClient(t.app, '10.95.0.2');
    await signInAsStudent(client, student.id);
    const response = await postJson(client, '/api/student-data-files', '{"student_id":{"toString":1},"note":"x"}');
    expect(response.statusCode).toBe(422);
  });

  it('answers 404 when an admin saves a data file for a student who does not exist', async () => {
    const admin = new TestClient(t.app, '10.95.0.3');
    await signInAsAdmin(admin);
    const response = await postJson(admin, '/api/student-data-files', '{"student_id":"0000-00-00","class_id":1}');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no student with that ID.');
  });
});

describe('characters the database cannot store', () => {
  it('never answers 500 for a NUL in a student ID (PostgreSQL cannot store it: 422; SQLite finds nobody)', async () => {
    const admin = new TestClient(t.app, '10.95.0.4');
    await signInAsAdmin(admin);
    for (const url of ['/api/student/%00', '/api/get-files/a%00b', '/api/student-record/%00']) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      if (testDialect === 'postgres') expect(response.statusCode, url).toBe(422);
    }
  });
});
