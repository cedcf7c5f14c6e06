import { signedOutSession } from '@school/contract';
import { accountOf, actingAs, type Actor, type AdminActor } from '../../auth/actor.ts';
import { SESSION_ENDED_MESSAGE } from '../../auth/access.ts';
import { sessionRepository } from '../../auth/session-repository.ts';
import { openSession, type SignedIn } from '../../auth/sessions.ts';
import type { Deps } from '../../deps.ts';
import { Forbidden, invalidField, NotFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword, passwordProblem, verifyNothing, verifyPassword } from './passwords.ts';
import { authRepository } from './repository.ts';
import { assertNotThrottled, signInActions } from './throttle.ts';

export const WRONG_CREDENTIALS = 'The student ID or password is incorrect.';
export const WRONG_ADMIN_CREDENTIALS = 'The username or password is incorrect.';

/** "First Last", as the screens and messages name a student. */
export const fullName = (student: { first_name: string | null; last_name: string | null }) => [student.first_name, student.last_name].filter(Boolean).join(' ');

/** yyyymmdd, the first password (SPEC §1). */
const dateOfBirthPassword = (dateOfBirth: string | null) => (dateOfBirth ? dateOfBirth.replaceAll('-', '') : null);

/**
 * Student sign-in. While password_reset = 1 the password is the date of birth and the session is
 * restricted to setting a new password; otherwise the password is checked against its hash.
 */
export async function signInStudent(deps: Deps, actor: Actor, input: { student_id: string; password: string }) {
  const studentId = input.student_id.trim();
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  const firstPassword = !student || student.password_reset === 1;
  await assertNotThrottled(deps.db, { account: studentId, accountKind: 'student', firstPassword, ip: actor.ip });

  let ok = false;
  if (!student) await verifyNothing(input.password);
  else if (student.password_reset === 1) ok = input.password.trim() === dateOfBirthPassword(student.date_of_birth);
  else ok = student.password_hash !== null && (await verifyPassword(student.password_hash, input.password));

  if (!student || !ok) {
    await deps.writeTransaction((trx) => writeAudit(trx, actor, { action: signInActions.FAILED.student, studentId, attempted: studentId }));
    throw invalidField('student_id', WRONG_CREDENTIALS);
  }
  const restricted = student.password_reset === 1 ? 1 : 0;
  const session = await deps.writeTransaction(async (trx) => {
    const opened = await openSession(trx, actor, { kind: 'student', student_id: student.id, admin_id: null, restricted, ip: actor.ip });
    await writeAudit(trx, actingAs(actor, { kind: 'student', studentId: student.id }), {
      action: signInActions.SUCCEEDED.student,
      studentId: student.id,
      detail: restricted ? 'first sign-in with date of birth' : null,
    });
    return opened;
  });
  return { answer: { name: fullName(student), student_id: student.id, password_reset: student.password_reset }, session } satisfies SignedIn<unknown>;
}

/** Admin sign-in with username and password; a one-time password opens a restricted session. */
export async function signInAdmin(deps: Deps, actor: Actor, input: { name: string; password: string }) {
  const username = input.name.trim().toLowerCase();
  await assertNotThrottled(deps.db, { account: username, accountKind: 'admin', firstPassword: false, ip: actor.ip });
  const admin = await authRepository.findAdminByUsername(deps.db, username);
  const ok = admin ? await verifyPassword(admin.password_hash, input.password) : (await verifyNothing(input.password), false);
  if (!admin || !ok) {
    await deps.writeTransaction((trx) => writeAudit(trx, actor, { action: signInActions.FAILED.admin, attempted: username }));
    throw invalidField('name', WRONG_ADMIN_CREDENTIALS);
  }
  const session = await deps.writeTransaction(async (trx) => {
    const opened = await openSession(trx, actor, {
      kind: 'admin',
      student_id: null,
      admin_id: admin.id,
      restricted: admin.must_change_password,
      ip: actor.ip,
    });
    await writeAudit(trx, actingAs(actor, { kind: 'admin', adminId: admin.id, name: admin.username }), { action: signInActions.SUCCEEDED.admin });
    return opened;
  });
  return {
    answer: { name: 'Admin' as const, username: admin.username, must_change_password: admin.must_change_password === 1 },
    session,
  } satisfies SignedIn<unknown>;
}

/**
 * A student sets a new password. The account is the session's, never an id in the body. From the
 * restricted first-sign-in session no current password is asked; from a full session it is.
 * Her other sessions end; this one becomes a full session.
 */
export async function changeStudentPassword(deps: Deps, actor: Actor, input: { password: string; current_password?: string }) {
  const account = accountOf(actor);
  if (account?.kind !== 'student' || !actor.sessionId) throw new Forbidden('Only a signed-in student can change her password here.');
  const sessionId = actor.sessionId;
  const student = await authRepository.findStudentLogin(deps.db, account.studentId);
  if (!student) throw new NotFound('Your student record was not found.');
  if (actor.kind !== 'visitor') {
    const current = input.current_password ?? '';
    const currentOk =
      student.password_reset === 1
        ? current === dateOfBirthPassword(student.date_of_birth)
        : student.password_hash !== null && (await verifyPassword(student.password_hash, current));
    if (!currentOk) throw invalidField('current_password', 'The current password is incorrect.');
  }
  const problem = passwordProblem(input.password, { studentId: student.id, dateOfBirth: student.date_of_birth });
  if (problem) throw invalidField('password', problem);

  const passwordHash = await hashPassword(input.password);
  await deps.writeTransaction(async (trx) => {
    await authRepository.setStudentPassword(trx, student.id, passwordHash);
    await sessionRepository.deleteForStudent(trx, student.id, sessionId);
    await sessionRepository.unrestrict(trx, sessionId);
    await writeAudit(trx, actingAs(actor, account), { action: 'student.password-changed', studentId: student.id });
  });
  return { message: 'Password Changed Successfully.' };
}

/** An admin changes her password (the one-time one included); her other sessions end. */
export async function changeAdminPassword(deps: Deps, actor: Actor, input: { password: string; current_password: string }) {
  const account = accountOf(actor);
  if (account?.kind !== 'admin' || !actor.sessionId) throw new Forbidden('Only a signed-in admin can change an admin password.');
  const sessionId = actor.sessionId;
  const admin = await authRepository.findAdminById(deps.db, account.adminId);
  if (!admin) throw new NotFound('Your admin account was not found.');
  if (!(await verifyPassword(admin.password_hash, input.current_password))) throw invalidField('current_password', 'The current password is incorrect.');
  const problem = passwordProblem(input.password, { username: admin.username });
  if (problem) throw invalidField('password', problem);
  if (input.password === input.current_password) throw invalidField('password', 'The new password must differ from the current one.');

  const passwordHash = await hashPassword(input.password);
  await deps.writeTransaction(async (trx) => {
    await authRepository.setAdminPassword(trx, admin.id, passwordHash, false);
    await sessionRepository.deleteForAdmin(trx, admin.id, sessionId);
    await sessionRepository.unrestrict(trx, sessionId);
    await writeAudit(trx, actingAs(actor, account), { action: 'admin.password-changed' });
  });
  return { message: 'Password Changed Successfully.' };
}

/** An admin's reset: the student signs in with her date of birth again; her sessions end. */
export async function resetStudentPassword(deps: Deps, actor: AdminActor, studentId: string) {
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  await deps.writeTransaction(async (trx) => {
    await authRepository.resetStudentPassword(trx, student.id);
    await sessionRepository.deleteForStudent(trx, student.id);
    await writeAudit(trx, actor, { action: 'student.password-reset', studentId: student.id });
  });
  return { message: `${fullName(student)}'s password has been reset. She signs in next with her date of birth (yyyymmdd).` };
}

/** Ends the caller's session; a signed-in account's sign-out is logged. The route clears the cookies. */
export async function signOut(deps: Deps, actor: Actor): Promise<void> {
  const account = accountOf(actor);
  await deps.writeTransaction(async (trx) => {
    if (account) {
      await writeAudit(trx, actingAs(actor, account), {
        action: `${account.kind}.sign-out`,
        studentId: account.kind === 'student' ? account.studentId : null,
      });
    }
    if (actor.sessionId) await sessionRepository.delete(trx, actor.sessionId);
  });
}

/** `GET /api/user/{id}`: whether the account still signs in with the date of birth (SPEC §7). */
export async function userInfo(deps: Deps, studentId: string) {
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  return student ? [{ student_id: student.id, password_reset: student.password_reset }] : [];
}

/** `GET /api/student-record/{id}`: the names of a student, for her own screens. */
export async function studentRecordNames(deps: Deps, studentId: string) {
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  return student ? [{ first_name: student.first_name, last_name: student.last_name, id: student.id }] : [];
}

/** The visitors' student-ID lookup: exact first and last name only, never a list of the school. */
export function lookUpStudentId(deps: Deps, input: { first_name: string; last_name: string }) {
  return authRepository.findStudentsByName(deps.db, input.first_name.trim(), input.last_name.trim());
}

/**
 * What the web app needs to know about the caller (GET /api/session). A caller signed out because
 * the session she presented has ended is told so, for the sign-in page to say why she is there.
 */
export async function describeSession(deps: Deps, actor: Actor, { sessionEnded }: { sessionEnded: boolean }) {
  const signedOut = { ...signedOutSession, ended_message: sessionEnded ? SESSION_ENDED_MESSAGE : null };
  const account = accountOf(actor);
  const restricted = actor.kind === 'visitor';
  if (!account) return signedOut;
  if (account.kind === 'admin') {
    const admin = await authRepository.findAdminById(deps.db, account.adminId);
    if (!admin) return signedOut;
    return {
      authenticated: true,
      admin: true,
      restricted,
      userID: admin.username,
      name: 'Admin',
      initials: 'A',
      must_change_password: admin.must_change_password === 1,
    };
  }
  const student = await authRepository.findStudentLogin(deps.db, account.studentId);
  if (!student) return signedOut;
  const initials = [student.first_name, student.last_name].map((name) => name?.trim().charAt(0).toUpperCase() ?? '').join('');
  return { authenticated: true, admin: false, restricted, userID: student.id, name: fullName(student), initials, must_change_password: restricted };
}
