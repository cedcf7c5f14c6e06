import { guardianMessages, type GuardianLink } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, signedInStaff, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { familyCalls, girlWithReports } from './family-helpers.ts';

/**
 * Custody (decision 062): office and admin staff find a girl's links and restrict or revoke one;
 * that guardian is then, for the girl, a stranger: 404 on every call about her, gone from her list.
 */
let t: TestApp;
let admin: TestClient;
let girl: TestStudent;
let other: TestStudent;
let mother: TestGuardian;
let father: TestGuardian;
let fatherClient: TestClient;
let fatherLink: string;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  girl = await girlWithReports(t.db, { class_id: '5C' });
  other = await girlWithReports(t.db, { class_id: '3A', first_name: 'Odalys' });
  mother = await createGuardian(t.db, { name: 'Mrs Joseph', email: 'joy.joseph@example.org' });
  father = await createGuardian(t.db, { name: 'Mr Joseph', email: 'mark.joseph@example.org' });
  await linkGuardian(t.db, mother, girl.id, { relationship: 'mother', verifiedBy: 'invitation' });
  fatherLink = await linkGuardian(t.db, father, girl.id, { relationship: 'father', verifiedBy: 'letter' });
  await linkGuardian(t.db, father, other.id, { relationship: 'father' });
  fatherClient = await withGuardianSession(new TestClient(t.app, '10.80.0.1'), t.db, father);
});
afterAll(() => t.close());

const links = async (query: string) => {
  const answer = await admin.get(`/api/guardians?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { links: GuardianLink[] }).links;
};

describe('GET /api/guardians', () => {
  it("lists a girl's links, each with how it was verified and its state, by public IDs", async () => {
    const found = await links(`student_id=${girl.id}`);
    expect(found).toHaveLength(2);
    const father = found.find((link) => link.relationship === 'father')!;
    expect(father).toMatchObject({
      link_id: fatherLink,
      guardian_name: 'Mr Joseph',
      guardian_email: 'mark.joseph@example.org',
      student_id: girl.id,
      student_name: `${girl.first_name} ${girl.last_name}`,
      class_id: '5C',
      verified_by: 'letter',
      restricted: false,
      revoked: false,
    });
    expect(found.find((link) => link.relationship === 'mother')).toMatchObject({ verified_by: 'invitation' });
    for (const link of found) {
      expect(link.guardian_id).not.toMatch(/^\d+$/);
      expect(link.link_id).not.toMatch(/^\d+$/);
    }
  });

  it('finds links by guardian name, by address, by class and by student name', async () => {
    expect((await links('q=mr%20jos')).map((link) => link.guardian_name)).toEqual(['Mr Joseph', 'Mr Joseph']);
    expect((await links('q=JOY.JOSEPH@')).map((link) => link.guardian_name)).toEqual(['Mrs Joseph']);
    expect((await links('class_id=3A')).map((link) => link.student_id)).toEqual([other.id]);
    expect((await links('q=odaly')).map((link) => link.student_id)).toEqual([other.id]);
    expect(await links('q=%25')).toEqual([]);
    expect(await links('q=nobody-at-all')).toEqual([]);
  });

  it('audits the read, and is for office and admin staff only', async () => {
    const rows = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'guardian-links.viewed').where('student_id', '=', girl.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    const office = await signedInStaff(t.app, t.db, 'office-custody', { role: 'office' });
    expect((await office.get(`/api/guardians?student_id=${girl.id}`)).statusCode).toBe(200);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-custody', { role: 'teacher', classes: ['5C'] });
    expect((await teacher.get(`/api/guardians?student_id=${girl.id}`)).statusCode).toBe(403);
    expect((await fatherClient.get(`/api/guardians?student_id=${girl.id}`)).statusCode).toBe(404);
    expect((await fatherClient.get('/api/guardians?q=joseph')).statusCode).toBe(403);
  });
});

describe('PATCH /api/guardian-links/{id}', () => {
  it('restricts a link: the guardian gets 404 on every call about the girl and no longer lists her; lifted, she sees her again', async () => {
    for (const url of familyCalls(girl.id)) expect((await fatherClient.get(url)).statusCode, url).toBe(200);
    const restricted = await admin.patch(`/api/guardian-links/${fatherLink}`, { restricted: true });
    expect(restricted.statusCode, restricted.body).toBe(200);
    expect(restricted.json()).toMatchObject({ link_id: fatherLink, restricted: true, revoked: false });
    for (const url of familyCalls(girl.id)) {
      const answer = await fatherClient.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain(girl.last_name);
    }
    const children = (await fatherClient.get('/api/guardian/children')).json().children as Array<{ student_id: string }>;
    expect(children.map((child) => child.student_id)).toEqual([other.id]);
    // Her other daughter is untouched.
    for (const url of familyCalls(other.id)) expect((await fatherClient.get(url)).statusCode, url).toBe(200);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'guardian-link.changed').where('student_id', '=', girl.id).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_kind: 'admin', actor_id: 'registrar', detail: `link ${fatherLink}: restricted` })]);

    expect((await admin.patch(`/api/guardian-links/${fatherLink}`, { restricted: false })).json()).toMatchObject({ restricted: false });
    for (const url of familyCalls(girl.id)) expect((await fatherClient.get(url)).statusCode, url).toBe(200);
  });

  it('revokes a link, and makes it live again', async () => {
    const revoked = await admin.patch(`/api/guardian-links/${fatherLink}`, { revoked: true });
    expect(revoked.json()).toMatchObject({ revoked: true, restricted: false });
    for (const url of familyCalls(girl.id)) expect((await fatherClient.get(url)).statusCode, url).toBe(404);
    expect(((await fatherClient.get('/api/guardian/children')).json().children as Array<{ student_id: string }>).map((child) => child.student_id)).toEqual([
      other.id,
    ]);
    expect((await links(`student_id=${girl.id}`)).find((link) => link.link_id === fatherLink)).toMatchObject({ revoked: true });
    expect((await admin.patch(`/api/guardian-links/${fatherLink}`, { revoked: false })).json()).toMatchObject({ revoked: false });
    expect((await fatherClient.get(`/api/student-attendance/${girl.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown link, 422 for a change of nothing, and refuses teachers and guardians', async () => {
    const unknown = await admin.patch('/api/guardian-links/no-such-link', { restricted: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(guardianMessages.linkNotFound);
    expect((await admin.patch(`/api/guardian-links/${fatherLink}`, {})).statusCode).toBe(422);
    expect((await admin.patch(`/api/guardian-links/${fatherLink}`, { restricted: 'yes' })).statusCode).toBe(422);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-patch', { role: 'teacher', classes: ['5C'] });
    expect((await teacher.patch(`/api/guardian-links/${fatherLink}`, { restricted: true })).statusCode).toBe(403);
    expect((await fatherClient.patch(`/api/guardian-links/${fatherLink}`, { restricted: false })).statusCode).toBe(403);
    const link = await t.db.selectFrom('guardian_links').selectAll().where('public_id', '=', fatherLink).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ restricted: 0, revoked_at: null });
  });
});
