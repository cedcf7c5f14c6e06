import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  client = new TestClient(t.app);
});
afterAll(() => t.close());

const list = async (url: string) => {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

describe('reference lists', () => {
  it('lists the 14 municipal corporations and the Tobago House of Assembly', async () => {
    const corporations = await list('/api/regional-corporation');
    expect(corporations).toHaveLength(15);
    expect(corporations).toContainEqual({ title: 'Tobago House of Assembly' });
    expect(corporations).toContainEqual({ title: 'Port of Spain City Corporation' });
  });

  it('lists towns by town_name', async () => {
    const towns = await list('/api/towns');
    expect(towns.length).toBeGreaterThan(120);
    expect(towns).toContainEqual({ town_name: 'Scarborough' });
    expect(Object.keys(towns[0])).toEqual(['town_name']);
  });

  it('lists religions with code and religion', async () => {
    expect(await list('/api/religions')).toContainEqual({ code: 'HIN', religion: 'Hindu' });
  });

  it('lists ethnic groups with id and group_type', async () => {
    const groups = await list('/api/ethnic-groups');
    expect(groups).toContainEqual({ id: '2', group_type: 'East Indian' });
  });

  it('lists houses with id and name', async () => {
    expect(await list('/api/houses')).toHaveLength(4);
  });

  it('lists the 25 form classes with their form level', async () => {
    const classes = await list('/api/registration-form-classes-list');
    expect(classes).toHaveLength(25);
    expect(classes[0]).toEqual({ id: '1A', form_level: 1 });
  });

  it('lets browsers cache the lists', async () => {
    expect((await client.get('/api/towns')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await client.get('/api/reference-lists')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers the wizard’s six lists in one call, each as its own call answers it', async () => {
    const response = await client.get('/api/reference-lists');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      towns: await list('/api/towns'),
      religions: await list('/api/religions'),
      ethnicGroups: await list('/api/ethnic-groups'),
      regionalCorporations: await list('/api/regional-corporation'),
      houses: await list('/api/houses'),
      formClasses: await list('/api/registration-form-classes-list'),
    });
  });
});
