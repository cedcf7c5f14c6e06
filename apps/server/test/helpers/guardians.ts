import type { GuardianRelationship, LinkVerification } from '@school/contract';
import { nowIso, type Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/features/auth/passwords.ts';
import { linksRepository, newPublicId } from '../../src/features/guardians/links-repository.ts';
import { sessionRepository } from '../../src/session/session-repository.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/session/sessions.ts';
import type { TestClient } from './test-app.ts';

export const GUARDIAN_PASSWORD = 'Flamboyant-Shade-1962';

export type TestGuardian = { id: number; publicId: string; email: string; name: string; password: string };

let sequence = 0;

/** Inserts a guardian's account with this password hash, her address proved, wanting every kind of message. */
export async function insertGuardian(db: Db, guardian: Omit<TestGuardian, 'id'>, passwordHash: string): Promise<TestGuardian> {
  const now = nowIso();
  const { id } = await db
    .insertInto('guardians')
    .values({
      public_id: guardian.publicId,
      email: guardian.email,
      email_verified_at: now,
      display_name: guardian.name,
      phone: null,
      password_hash: passwordHash,
      message_kinds: 'report_posted,absence,reminders',
      created_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, ...guardian };
}

/** A new guardian's account (`insertGuardian`), her password hashed. */
export async function createGuardian(db: Db, fields: Partial<Pick<TestGuardian, 'email' | 'name' | 'password'>> = {}): Promise<TestGuardian> {
  sequence += 1;
  const guardian = {
    publicId: newPublicId(),
    email: fields.email ?? `guardian${sequence}-${process.pid}@example.org`,
    name: fields.name ?? `Guardian ${sequence}`,
    password: fields.password ?? GUARDIAN_PASSWORD,
  };
  return insertGuardian(db, guardian, await hashPassword(guardian.password));
}

/** Links the guardian to the student, as a verification would; `restricted` and `revoked` as the office would set them. Answers the link's public ID. */
export async function linkGuardian(
  db: Db,
  guardian: Pick<TestGuardian, 'id'>,
  studentId: string,
  {
    relationship = 'mother',
    verifiedBy = 'office',
    restricted = false,
    revoked = false,
  }: { relationship?: GuardianRelationship; verifiedBy?: LinkVerification; restricted?: boolean; revoked?: boolean } = {},
): Promise<string> {
  const { publicId } = await linksRepository.makeLive(db, { guardianId: guardian.id, studentId, relationship, verifiedBy, now: nowIso() });
  if (restricted || revoked)
    await db
      .updateTable('guardian_links')
      .set({ restricted: restricted ? 1 : 0, revoked_at: revoked ? nowIso() : null })
      .where('public_id', '=', publicId)
      .execute();
  return publicId;
}

/**
 * Gives the client a guardian's session made directly in the database: for the tests of what a
 * guardian may reach, apart from how she signs in.
 */
export async function withGuardianSession(client: TestClient, db: Db, guardian: Pick<TestGuardian, 'id'>): Promise<TestClient> {
  const { token, row } = await sessionRepository.create(db, {
    kind: 'guardian',
    student_id: null,
    admin_id: null,
    guardian_id: guardian.id,
    restricted: 0,
    ip: '127.0.0.1',
  });
  client.cookies.set(SESSION_COOKIE, token);
  client.cookies.set(CSRF_COOKIE, row.csrf_token);
  return client;
}
