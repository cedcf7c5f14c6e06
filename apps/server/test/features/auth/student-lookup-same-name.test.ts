import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../../helpers/factories.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('student ID lookup of a shared name', () => {
  it('tells students of the same name apart by form level, and says nothing more', async () => {
    const first = await createStudent(t.db, { first_name: 'Aaliyah', last_name: 'Mohammed', class_id: '1C' });
    const second = await createStudent(t.db, { first_name: 'Aaliyah', last_name: 'Mohammed', class_id: '4B' });
    const client = new TestClient(t.app, '10.2.2.2');
    const matches = (await client.get('/api/student-lookup?first_name=aaliyah&last_name=mohammed')).json();
    expect(matches).toEqual([
      { id: first.id, first_name: 'Aaliyah', last_name: 'Mohammed', form_level: 1 },
      { id: second.id, first_name: 'Aaliyah', last_name: 'Mohammed', form_level: 4 },
    ]);
  });

  it('gives a single match no form level', async () => {
    const only = await createStudent(t.db, { first_name: 'Tamika', last_name: 'Villafana', class_id: '2A' });
    const client = new TestClient(t.app, '10.2.2.3');
    expect((await client.get('/api/student-lookup?first_name=Tamika&last_name=Villafana')).json()).toEqual([
      { id: only.id, first_name: 'Tamika', last_name: 'Villafana' },
    ]);
  });
});
