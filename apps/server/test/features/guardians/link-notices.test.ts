import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../src/db/database.ts';
import { announceLink } from '../../../src/features/guardians/link-notices.ts';
import { linksRepository } from '../../../src/features/guardians/links-repository.ts';
import type { Actor } from '../../../src/session/actor.ts';
import { createStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian } from '../../helpers/guardians.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ officeEmail: 'office@school.example.org' });
});
afterAll(() => t.close());

const system: Actor = { kind: 'visitor', restricted: null, ip: '127.0.0.1', address: '127.0.0.1', requestId: 'test', sessionId: null };

describe('a new link between a guardian and a girl', () => {
  it('is told to the school office and to her other unrestricted guardians, never to a restricted one', async () => {
    const girl = await createStudent(t.db, { first_name: 'Keisha' });
    const mother = await createGuardian(t.db, { name: 'Mrs Joseph' });
    const father = await createGuardian(t.db, { name: 'Mr Joseph' });
    const aunt = await createGuardian(t.db, { name: 'Miss Baptiste' });
    await linkGuardian(t.db, mother, girl.id);
    await linkGuardian(t.db, father, girl.id, { relationship: 'father', restricted: true });
    const { added } = await linksRepository.makeLive(t.db, {
      guardianId: aunt.id,
      studentId: girl.id,
      relationship: 'other',
      verifiedBy: 'letter',
      now: nowIso(),
    });
    expect(added).toBe(true);

    expect(await announceLink(t.db, t.config, system, { guardianId: aunt.id, studentId: girl.id, relationship: 'other', verifiedBy: 'letter' })).toBe(2);
    const sent = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'guardian_id', 'kind', 'subject', 'text_body'])
      .where('student_id', '=', girl.id)
      .orderBy('id')
      .execute();
    expect(sent.map((message) => message.recipient)).toEqual(['office@school.example.org', mother.email]);
    expect(sent.every((message) => message.kind === 'family_account')).toBe(true);
    expect(sent[1].guardian_id).toBe(mother.id);
    expect(sent[0].subject).toContain('Miss Baptiste is now linked to Keisha');
    expect(sent[0].text_body).toContain(`student ID ${girl.id}`);
    expect(sent[1].text_body).not.toContain(girl.id);
    expect(sent[1].text_body).toContain('verified by a code from a letter the school handed out');
    expect(sent.some((message) => message.recipient === father.email)).toBe(false);
  });

  it('is made once when two verifications of the same pair arrive together', async () => {
    const girl = await createStudent(t.db);
    const guardian = await createGuardian(t.db);
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        linksRepository.makeLive(t.db, { guardianId: guardian.id, studentId: girl.id, relationship: 'mother', verifiedBy: 'invitation', now: nowIso() }),
      ),
    );
    expect(made.filter((link) => link.added)).toHaveLength(1);
    expect(new Set(made.map((link) => link.publicId)).size).toBe(1);
    expect(await t.db.selectFrom('guardian_links').select('id').where('student_id', '=', girl.id).execute()).toHaveLength(1);
  });
});
