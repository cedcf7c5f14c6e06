import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/features/auth/passwords.ts';
import { demoGuardianNote } from '../../../src/features/demo/demo-families.ts';
import { generateDemoSchool } from '../../../src/features/demo/generate-demo-school.ts';
import { standaloneFileStore } from '../../../src/lib/file-store/index.ts';
import { createAdminUser, signedInAdmin } from '../../helpers/factories.ts';
import { buildTestApp, TestClient } from '../../helpers/test-app.ts';
import { createTestDb, testDialect, type TestDb } from '../../helpers/test-db.ts';

const opened: TestDb[] = [];
const folders: string[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  while (folders.length) fs.rmSync(folders.pop()!, { recursive: true, force: true });
});

const NOW = new Date('2026-12-05T10:00:00.000Z');

/** A demo school of `students` in a database of its own. */
async function demoSchool(students: number) {
  const testDb = await createTestDb();
  opened.push(testDb);
  const { db } = testDb;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-families-'));
  folders.push(dataDir);
  const files = standaloneFileStore({ dataDir, fileStore: testDialect === 'postgres' ? 'database' : 'local' }, db, testDialect);
  const summary = await generateDemoSchool(db, { students, files, now: NOW });
  const links = await db
    .selectFrom('guardian_links')
    .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
    .innerJoin('students', 'students.id', 'guardian_links.student_id')
    .select([
      'guardians.email',
      'guardians.display_name',
      'guardians.password_hash',
      'guardian_links.student_id',
      'guardian_links.relationship',
      'guardian_links.restricted',
      'guardian_links.revoked_at',
      'guardian_links.verified_by',
      'students.class_id',
      'students.first_name',
      'students.mother_name',
      'students.father_name',
      'students.guardian_name',
      'students.living_status',
    ])
    .execute();
  return { db, summary, links };
}

describe('the demo school’s families', () => {
  it('gives most students with parents on record a guardian for each, by the record’s names and living status, at relationship.<id>@example.org', async () => {
    const { db, summary, links } = await demoSchool(120);
    const students = await db.selectFrom('students').select(['id', 'mother_name', 'father_name', 'guardian_name']).execute();
    const linked = new Set(links.map((link) => link.student_id));
    expect(linked.size).toBeGreaterThan(students.length / 2);
    // A student whose record names no parent has no link: each is somebody the record names.
    for (const link of links) {
      const named = { mother: link.mother_name, father: link.father_name, guardian: link.guardian_name, other: null }[link.relationship];
      expect(named).toBe(link.display_name);
      expect(link.revoked_at).toBeNull();
      const byLetter = link.email === summary.sampleGuardian?.email && link.student_id === summary.sampleGuardian.daughters[1].id;
      expect(link.verified_by).toBe(byLetter ? 'letter' : link.relationship === 'father' ? 'office' : 'invitation');
      if (link.email !== summary.sampleGuardian?.email) expect(link.email).toBe(`${link.relationship}.${link.student_id}@example.org`);
    }
    expect(links.some((link) => link.relationship === 'father')).toBe(true);
    // Each way a link is verified shows on the Guardians screen.
    expect(new Set(links.map((link) => link.verified_by))).toEqual(new Set(['invitation', 'letter', 'office']));
    expect(links.some((link) => link.relationship === 'guardian')).toBe(true);
    // A mother and a father of one girl, as a record living with both parents has.
    const both = students.find((student) => student.mother_name && student.father_name && linked.has(student.id));
    expect(links.filter((link) => link.student_id === both?.id).map((link) => link.relationship)).toEqual(expect.arrayContaining(['mother', 'father']));
  });

  it('has one mother of two daughters in different forms, named and printed with the password every demo guardian shares', async () => {
    const { summary, links } = await demoSchool(120);
    const mother = summary.sampleGuardian!;
    expect(mother).not.toBeNull();
    const hers = links.filter((link) => link.email === mother.email);
    expect(hers).toHaveLength(2);
    expect(hers.every((link) => link.relationship === 'mother' && link.restricted === 0)).toBe(true);
    expect(new Set(hers.map((link) => String(link.class_id).slice(0, 1))).size).toBe(2);
    expect(hers.map((link) => link.student_id).sort()).toEqual(mother.daughters.map((daughter) => daughter.id).sort());
    // Both daughters' records name her.
    expect(hers.every((link) => link.mother_name === mother.name)).toBe(true);
    // Her password opens her account, and every other demo guardian's.
    expect(await verifyPassword(hers[0].password_hash, mother.password)).toBe(true);
    expect(new Set(links.map((link) => link.password_hash)).size).toBe(1);
    expect(await verifyPassword(hers[0].password_hash, `${mother.password}x`)).toBe(false);

    const note = demoGuardianNote(mother)!;
    expect(note).toContain(mother.email);
    expect(note).toContain(mother.password);
    expect(note).toContain('/parents');
    for (const daughter of mother.daughters) expect(note).toContain(`${daughter.first_name} (${daughter.class_id})`);
    expect(demoGuardianNote(null)).toBeNull();
  });

  it('restricts one link, a father’s, and leaves every other live and unrestricted', async () => {
    const { links } = await demoSchool(120);
    const restricted = links.filter((link) => link.restricted === 1);
    expect(restricted).toHaveLength(1);
    expect(restricted[0].relationship).toBe('father');
  });

  it('leaves a few mothers invited rather than linked: open invitations to the records’ addresses', async () => {
    const { db, links } = await demoSchool(240);
    const invitations = await db
      .selectFrom('guardian_invitations')
      .innerJoin('students', 'students.id', 'guardian_invitations.student_id')
      .select([
        'guardian_invitations.student_id',
        'guardian_invitations.email',
        'students.email_mother',
        'expires_at',
        'accepted_at',
        'cancelled_at',
        'relationship',
      ])
      .execute();
    expect(invitations.length).toBeGreaterThanOrEqual(2);
    expect(invitations.length).toBeLessThanOrEqual(10);
    for (const invitation of invitations) {
      expect(invitation.email).toBe(String(invitation.email_mother).toLowerCase());
      expect(invitation.relationship).toBe('mother');
      expect(invitation.accepted_at).toBeNull();
      expect(invitation.cancelled_at).toBeNull();
      expect(Date.parse(String(invitation.expires_at))).toBe(NOW.getTime() + 72 * 3_600_000);
      // Invited, so not yet linked as her mother.
      expect(links.some((link) => link.student_id === invitation.student_id && link.relationship === 'mother')).toBe(false);
    }
  });

  it('lets the printed mother sign in at /parents and see both daughters; the restricted father finds nothing of his; the office finds them', async () => {
    const t = await buildTestApp();
    try {
      const summary = await generateDemoSchool(t.db, { students: 60, files: t.app.deps.files });
      const mother = summary.sampleGuardian!;
      const parent = await new TestClient(t.app, '10.77.0.1').start();
      expect((await parent.post('/api/guardian-login', { email: mother.email, password: mother.password })).statusCode).toBe(200);
      const children = (await parent.get('/api/guardian/children')).json() as { children: Array<{ student_id: string }> };
      expect(children.children.map((child) => child.student_id).sort()).toEqual(mother.daughters.map((daughter) => daughter.id).sort());
      // The same call the father is refused below answers her for her own daughter.
      expect((await parent.get(`/api/report-card-terms/${mother.daughters[0].id}`)).statusCode).toBe(200);

      const father = await t.db
        .selectFrom('guardian_links')
        .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
        .select(['guardians.email', 'guardian_links.student_id', 'guardian_links.public_id'])
        .where('guardian_links.restricted', '=', 1)
        .executeTakeFirstOrThrow();
      const him = await new TestClient(t.app, '10.77.0.2').start();
      expect((await him.post('/api/guardian-login', { email: father.email, password: mother.password })).statusCode).toBe(200);
      expect(((await him.get('/api/guardian/children')).json() as { children: unknown[] }).children).toEqual([]);
      expect((await him.get(`/api/report-card-terms/${father.student_id}`)).statusCode).toBe(404);

      await createAdminUser(t.db);
      const admin = await signedInAdmin(t.app);
      const found = (await admin.get(`/api/guardians?student_id=${father.student_id}`)).json() as { links: Array<{ link_id: string; restricted: boolean }> };
      expect(found.links.find((link) => link.link_id === father.public_id)?.restricted).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('names no guardian in a school too small for a mother of two', async () => {
    const { summary, links } = await demoSchool(1);
    expect(summary.sampleGuardian).toBeNull();
    expect(links.filter((link) => link.relationship === 'mother').length).toBeLessThanOrEqual(1);
  });
});
