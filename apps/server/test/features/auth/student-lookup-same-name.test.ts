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

  it('ignores accents and case on either side: Oceane finds Océane, and ANAÏS finds Anais', async () => {
    const oceane = await createStudent(t.db, { first_name: 'Océane', last_name: 'Bénéteau', class_id: '3A' });
    const anais = await createStudent(t.db, { first_name: 'Anais', last_name: 'Ramírez', class_id: '3A' });
    const client = new TestClient(t.app, '10.2.2.4');
    expect((await client.get('/api/student-lookup?first_name=Oceane&last_name=beneteau')).json()).toEqual([
      { id: oceane.id, first_name: 'Océane', last_name: 'Bénéteau' },
    ]);
    expect((await client.get(`/api/student-lookup?first_name=${encodeURIComponent('ANAÏS')}&last_name=RAMIREZ`)).json()).toEqual([
      { id: anais.id, first_name: 'Anais', last_name: 'Ramírez' },
    ]);
    // Still the whole name: a part of it finds no one.
    expect((await client.get('/api/student-lookup?first_name=Ocean&last_name=Beneteau')).json()).toEqual([]);
  });
});
