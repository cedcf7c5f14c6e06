import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ENDED_MESSAGE } from '../../auth/access.ts';
import { sessionRepository } from '../../auth/session-repository.ts';
import { endSession, startSession } from '../../auth/sessions.ts';
import { Forbidden, invalidField, NotFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { hashPassword, passwordProblem, verifyNothing, verifyPassword } from './passwords.ts';
import { authRepository } from './repository.ts';
import { assertNotThrottled, signInActions } from './throttle.ts';

export const WRONG_CREDENTIALS = 'The student ID or password is incorrect.';
export const WRONG_ADMIN_CREDENTIALS = 'The username or password is incorrect.';

type Ctx = { app: FastifyInstance; request: FastifyRequest; reply: FastifyReply };

const fullName = (student: { first_name: string | null; last_name: string | null }) => [student.first_name, student.last_name].filter(Boolean).join(' ');

/** yyyymmdd, the first password (SPEC §1). */
const dateOfBirthPassword = (dateOfBirth: string | null) => (dateOfBirth ? dateOfBirth.replaceAll('-', '') : null);

/**
 * Student sign-in. While password_reset = 1 the password is the date of birth and the session is
 * restricted to setting a new password; otherwise the password is checked against its hash.
 */
export async function signInStudent({ app, request, reply }: Ctx, input: { student_id: string; password: string }) {
  const studentId = input.student_id.trim();
  const student = await authRepository.findStudentLogin(app.db, studentId);
  const firstPassword = !student || student.password_reset === 1;
  await assertNotThrottled(app.db, { account: studentId, accountKind: 'student', firstPassword, ip: request.ip });

  let ok = false;
  if (!student) await verifyNothing(input.password);
  else if (student.password_reset === 1) ok = input.password.trim() === dateOfBirthPassword(student.date_of_birth);
  else ok = student.password_hash !== null && (await verifyPassword(student.password_hash, input.password));

  if (!student || !ok) {
    await app.writeTransaction((trx) =>
      writeAudit(trx, { actorKind: 'visitor', actorId: studentId, action: signInActions.FAILED.student, studentId, ip: request.ip }),
    );
    throw invalidField('student_id', WRONG_CREDENTIALS);
  }
  const restricted = student.password_reset === 1 ? 1 : 0;
  await app.writeTransaction(async (trx) => {
    await startSession(app, request, reply, { kind: 'student', student_id: student.id, admin_id: null, restricted, ip: request.ip }, trx);
    await writeAudit(trx, {
      actorKind: 'student',
      actorId: student.id,
      action: signInActions.SUCCEEDED.student,
      studentId: student.id,
      ip: request.ip,
      detail: restricted ? 'first sign-in with date of birth' : null,
    });
  });
  return { name: fullName(student), student_id: student.id, password_reset: student.password_reset };
}

export async function signInAdmin({ app, request, reply }: Ctx, input: { name: string; password: string }) {
  const username = input.name.trim().toLowerCase();
  await assertNotThrottled(app.db, { account: username, accountKind: 'admin', firstPassword: false, ip: request.ip });
  const admin = await authRepository.findAdminByUsername(app.db, username);
  const ok = admin ? await verifyPassword(admin.password_hash, input.password) : (await verifyNothing(input.password), false);
  if (!admin || !ok) {
    await app.writeTransaction((trx) => writeAudit(trx, { actorKind: 'visitor', actorId: username, action: signInActions.FAILED.admin, ip: request.ip }));
    throw invalidField('name', WRONG_ADMIN_CREDENTIALS);
  }
  await app.writeTransaction(async (trx) => {
    await startSession(
      app,
      request,
      reply,
      { kind: 'admin', student_id: null, admin_id: admin.id, restricted: admin.must_change_password, ip: request.ip },
      trx,
    );
    await writeAudit(trx, { actorKind: 'admin', actorId: admin.username, action: signInActions.SUCCEEDED.admin, ip: request.ip });
  });
  return { name: 'Admin', username: admin.username, must_change_password: admin.must_change_password === 1 };
}

/**
 * A student sets a new password. The account is the session's, never an id in the body. From the
 * restricted first-sign-in session no current password is asked; from a full session it is.
 * Her other sessions end; this one becomes a full session.
 */
export async function changeStudentPassword({ app, request }: Ctx, input: { password: string; current_password?: string }) {
  const session = request.session;
  if (!session || session.kind !== 'student' || !session.student_id) throw new Forbidden('Only a signed-in student can change her password here.');
  const student = await authRepository.findStudentLogin(app.db, session.student_id);
  if (!student) throw new NotFound('Your student record was not found.');
  if (!session.restricted) {
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
  await app.writeTransaction(async (trx) => {
    await authRepository.setStudentPassword(trx, student.id, passwordHash);
    await sessionRepository.deleteForStudent(trx, student.id, session.id_hash);
    await trx.updateTable('sessions').set({ restricted: 0 }).where('id_hash', '=', session.id_hash).execute();
    await writeAudit(trx, { actorKind: 'student', actorId: student.id, action: 'student.password-changed', studentId: student.id, ip: request.ip });
  });
  session.restricted = 0;
  return { message: 'Password Changed Successfully.' };
}

export async function changeAdminPassword({ app, request }: Ctx, input: { password: string; current_password: string }) {
  const session = request.session;
  if (!session || session.kind !== 'admin' || session.admin_id === null) throw new Forbidden('Only a signed-in admin can change an admin password.');
  const admin = await authRepository.findAdminById(app.db, session.admin_id);
  if (!admin) throw new NotFound('Your admin account was not found.');
  if (!(await verifyPassword(admin.password_hash, input.current_password))) throw invalidField('current_password', 'The current password is incorrect.');
  const problem = passwordProblem(input.password, { username: admin.username });
  if (problem) throw invalidField('password', problem);
  if (input.password === input.current_password) throw invalidField('password', 'The new password must differ from the current one.');

  const passwordHash = await hashPassword(input.password);
  await app.writeTransaction(async (trx) => {
    await authRepository.setAdminPassword(trx, admin.id, passwordHash, false);
    await sessionRepository.deleteForAdmin(trx, admin.id, session.id_hash);
    await trx.updateTable('sessions').set({ restricted: 0 }).where('id_hash', '=', session.id_hash).execute();
    await writeAudit(trx, { actorKind: 'admin', actorId: admin.username, action: 'admin.password-changed', ip: request.ip });
  });
  session.restricted = 0;
  return { message: 'Password Changed Successfully.' };
}

/** An admin's reset: the student signs in with her date of birth again; her sessions end. */
export async function resetStudentPassword({ app, request }: Ctx, studentId: string) {
  const student = await authRepository.findStudentLogin(app.db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  const admin = await adminName(app, request);
  await app.writeTransaction(async (trx) => {
    await authRepository.resetStudentPassword(trx, student.id);
    await sessionRepository.deleteForStudent(trx, student.id);
    await writeAudit(trx, { actorKind: 'admin', actorId: admin, action: 'student.password-reset', studentId: student.id, ip: request.ip });
  });
  return { message: `${fullName(student)}'s password has been reset. She signs in next with her date of birth (yyyymmdd).` };
}

export async function signOut({ app, request, reply }: Ctx): Promise<void> {
  const session = request.session;
  const actorId = session?.kind === 'admin' ? await adminName(app, request) : (session?.student_id ?? null);
  await app.writeTransaction(async (trx) => {
    if (session && session.kind !== 'guest') {
      await writeAudit(trx, { actorKind: session.kind, actorId, action: `${session.kind}.sign-out`, studentId: session.student_id, ip: request.ip });
    }
    await endSession(app, request, reply, trx);
  });
}

/** The username of the admin behind the request, for the audit log. */
export async function adminName(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (request.session?.admin_id == null) return null;
  return (await authRepository.findAdminById(app.db, request.session.admin_id))?.username ?? null;
}

/**
 * What the web app needs to know about the caller (GET /api/session). A caller signed out because
 * the session she presented has ended is told so, for the sign-in page to say why she is there.
 */
export async function describeSession(app: FastifyInstance, request: FastifyRequest) {
  const session = request.session;
  const signedOut = {
    authenticated: false,
    admin: false,
    restricted: false,
    userID: null,
    name: null,
    initials: null,
    must_change_password: false,
    ended_message: request.sessionEnded ? SESSION_ENDED_MESSAGE : null,
  };
  if (!session || session.kind === 'guest') return signedOut;
  if (session.kind === 'admin') {
    const admin = session.admin_id === null ? undefined : await authRepository.findAdminById(app.db, session.admin_id);
    if (!admin) return signedOut;
    return {
      authenticated: true,
      admin: true,
      restricted: session.restricted === 1,
      userID: admin.username,
      name: 'Admin',
      initials: 'A',
      must_change_password: admin.must_change_password === 1,
    };
  }
  const student = await authRepository.findStudentLogin(app.db, session.student_id ?? '');
  if (!student) return signedOut;
  const initials = [student.first_name, student.last_name].map((name) => name?.trim().charAt(0).toUpperCase() ?? '').join('');
  return {
    authenticated: true,
    admin: false,
    restricted: session.restricted === 1,
    userID: student.id,
    name: fullName(student),
    initials,
    must_change_password: session.restricted === 1,
  };
}

export { fullName };
