import { createHash, timingSafeEqual } from 'node:crypto';
import { displayName, messages, passwordProblem, signedOutSession } from '@school/contract';
import { isCommonPassword } from '@school/contract/common-passwords';
import { accountOf, actingAs, classesOf, type Actor, type AdminActor, type AdminIdentity } from '../../session/actor.ts';
import { mustEnrolSecondFactor } from '../../session/second-factor-enrolment.ts';
import { sessionRepository } from '../../session/session-repository.ts';
import { openSession, type SignedIn } from '../../session/sessions.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import { widerAddressKeys } from '../../lib/address-key.ts';
import type { Deps } from '../../lib/deps.ts';
import { Forbidden, HttpError, invalidField, NotFound } from '../../lib/errors.ts';
import { writeAudit, type AuditEntry } from '../audit/index.ts';
import { queueStaffSecurityNotice } from '../notifications/index.ts';
import { deviceFor, issueDevice, type DeviceAccount } from './device-cookies.ts';
import { HashingBusy, hashPassword, signInQueueFull, verifyPassword, verifySignIn } from './passwords.ts';
import { deviceName } from './device-names.ts';
import { passkeyRepository } from './passkey-repository.ts';
import { secondFactorKinds } from './second-factor.ts';
import { authRepository } from './repository.ts';
import { reportFirstSignInsPaused, reportSpraying } from './spray-alerts.ts';
import {
  buckets,
  clearBuckets,
  purgeOldAttemptsNowAndThen,
  releaseAttempt,
  reserveAttempt,
  schoolFirstSignInAttempts,
  signInActions,
  type Bucket,
  type Reservation,
} from './throttle.ts';

/** yyyymmdd, the first password (SPEC §1). */
const dateOfBirthPassword = (dateOfBirth: string | null) => (dateOfBirth ? dateOfBirth.replaceAll('-', '') : null);

/** Compares in a time that does not depend on where the strings differ. */
function sameText(given: string, expected: string | null): boolean {
  if (expected === null) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Too many sign-ins wait for their password check: 503 with a retry time, at once (decision 015). */
export class SignInBusy extends HttpError {
  constructor(retryAfter: number) {
    super(503, messages.signInBusy, undefined, { retryAfter });
  }
}

/** What the sign-in routes pass besides the body: the browser's device cookie (decision 015). */
export type SignInContext = {
  deviceCookie: string | undefined;
  /** The browser's User-Agent, named on a staff member's account page (decision 043). */
  userAgent?: string;
};
/** A sign-in's answer, session, and the device cookie to set for the browser. */
export type SignedInWithDevice<T> = SignedIn<T> & { deviceCookie: string };

/**
 * The checked part of every sign-in (decision 015): the attempt is reserved in its buckets first
 * (429 when one is full), then checked; an attempt the hashing queue could not take is given back
 * and answered 503. Returns whether the password was right, with what a success must clear.
 */
async function checkAttempt(
  deps: Deps,
  actor: Actor,
  {
    account,
    accountBucket,
    device,
    guesses = null,
  }: { account: DeviceAccount; accountBucket: Bucket | null; device: string | null; guesses?: DateOfBirthGuess | null },
  check: (queue: { key: string; first: boolean }) => Promise<boolean>,
) {
  const used = accountBucket ?? buckets.device(device!);
  const guessBuckets = guesses ? [...guesses.spray, guesses.school] : [];
  // A browser that signed in to this account before is never held back by an address limit.
  const wanted = device
    ? [used]
    : [used, buckets.address(actor.address), ...widerAddressKeys(actor.ip, deps.config.ipv6PrefixBits).map(buckets.addressBlock), ...guessBuckets];
  const queue = device ? { key: `device:${device}`, first: true } : { key: actor.address, first: false };
  // A full queue answers at once, before any write.
  const waitSeconds = signInQueueFull(queue);
  if (waitSeconds !== null) throw new SignInBusy(waitSeconds);
  const reservation = await reserveAttempt(deps, wanted, async (full) => {
    if (!guesses) return;
    if (guesses.spray.some((bucket) => full.includes(bucket))) await reportSpraying(deps, actor);
    if (full.includes(guesses.school)) await reportFirstSignInsPaused(deps, actor, guesses.school.limit.attempts);
  });
  purgeOldAttemptsNowAndThen(deps);
  try {
    const ok = await check(queue);
    // A success forgives this address's and the school's failed guesses at this account: a class that mistyped and got in is no sprayer.
    return { ok, reservation, clear: [used.key, ...guessBuckets.map((bucket) => bucket.key)], account };
  } catch (error) {
    await releaseAttempt(deps.db, reservation).catch(() => undefined);
    if (error instanceof HashingBusy) throw new SignInBusy(error.retryAfterSeconds);
    throw error;
  }
}

/**
 * The budgets a date-of-birth guess counts in besides its account's (decisions 015 and 058): the
 * spray budget of the caller's address and of each wider IPv6 block of it, and the school's.
 */
type DateOfBirthGuess = { spray: Bucket[]; school: Bucket };

async function dateOfBirthGuess(deps: Deps, actor: Actor, studentId: string): Promise<DateOfBirthGuess> {
  const students = await authRepository.countStudentsAtSchool(deps.db);
  return {
    spray: [
      buckets.dateOfBirthSpray(actor.address, studentId),
      ...widerAddressKeys(actor.ip, deps.config.ipv6PrefixBits).map((block) => buckets.dateOfBirthSprayBlock(block, studentId)),
    ],
    school: buckets.schoolFirstSignIn(studentId, schoolFirstSignInAttempts(deps.config.firstSignInBudget, students)),
  };
}

/** After a success: the attempt is given back and its account's (or device's) count starts again. */
async function settleSuccess(trx: Executor, checked: { reservation: Reservation; clear: string[] }) {
  await releaseAttempt(trx, checked.reservation);
  await clearBuckets(trx, checked.clear);
}

/**
 * Student sign-in. While password_reset = 1 the password is the date of birth and the session is
 * restricted to setting a new password; otherwise the password is checked against its hash. An
 * unknown ID, a wrong date of birth and a wrong password read alike, count alike and take the
 * same time (one check against a hash each).
 */
export async function signInStudent(deps: Deps, actor: Actor, input: { student_id: string; password: string }, context: SignInContext) {
  const studentId = input.student_id.trim();
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  const firstPassword = !student || student.password_reset === 1;
  const account: DeviceAccount = `student:${studentId}`;
  const device = await deviceFor(deps.db, context.deviceCookie, account);
  // A date-of-birth account (or an unknown ID) keeps its limit per account, whatever the browser.
  const accountBucket = firstPassword ? buckets.firstPassword(studentId) : device ? null : buckets.account(account);
  // Date-of-birth guesses count in the address's spray budget and the school's too (decisions 015 and 058).
  const guesses = firstPassword && !device ? await dateOfBirthGuess(deps, actor, studentId) : null;
  const checked = await checkAttempt(deps, actor, { account, accountBucket, device, guesses }, async (queue) => {
    const hashChecked = await verifySignIn(firstPassword ? null : (student?.password_hash ?? null), input.password, queue);
    return firstPassword ? sameText(input.password.trim(), dateOfBirthPassword(student?.date_of_birth ?? null)) : hashChecked;
  });

  // A leaver's account is closed: her sign-in reads, counts and takes the time of a wrong password,
  // whatever the password (decision 058), so the answer tells no one whether it was right. The
  // audit log (read by admins) says why.
  if (!student || !checked.ok || student.left_on) {
    const detail = student?.left_on ? 'left the school' : null;
    await deps.writeTransaction((trx) => writeAudit(trx, actor, { action: signInActions.FAILED.student, studentId, attempted: studentId, detail }));
    throw invalidField('student_id', messages.wrongCredentials);
  }
  const restricted = student.password_reset === 1 ? 1 : 0;
  const session = await deps.writeTransaction(async (trx) => {
    await settleSuccess(trx, checked);
    const opened = await openSession(trx, actor, { kind: 'student', student_id: student.id, admin_id: null, restricted, ip: actor.ip });
    await writeAudit(trx, actingAs(actor, { kind: 'student', studentId: student.id }), {
      action: signInActions.SUCCEEDED.student,
      studentId: student.id,
      detail: restricted ? 'first sign-in with date of birth' : null,
    });
    return opened;
  });
  return {
    answer: { name: displayName(student), student_id: student.id, password_reset: student.password_reset },
    session,
    deviceCookie: await issueDevice(deps.db, context.deviceCookie, account),
  } satisfies SignedInWithDevice<unknown>;
}

/** The identity of a staff account's row, for what its sign-in writes in its name. */
export const staffIdentity = (admin: { id: number; username: string; role: AdminIdentity['role']; classes: string }): AdminIdentity => ({
  kind: 'admin',
  adminId: admin.id,
  name: admin.username,
  role: admin.role,
  classes: classesOf(admin.classes),
});

/**
 * A sign-in by a name and a password hash (staff and guardians, decision 062), under the sign-in
 * limits: the attempt is counted per account (or per known browser) and per address, checked
 * against the account's hash or the dummy one, and refused with `refusal` (after its `failed` audit
 * row) when the password is wrong, the account unknown or not `usable`, all alike. On success
 * `open` runs in the transaction that forgives the attempt: it opens the session and writes its audit.
 */
export async function signInWithPassword<T>(
  deps: Deps,
  actor: Actor,
  who: { account: DeviceAccount; passwordHash: string | null; usable: boolean; failed: AuditEntry; refusal: HttpError },
  password: string,
  context: SignInContext,
  open: (trx: Executor) => Promise<SignedIn<T>>,
): Promise<SignedInWithDevice<T>> {
  const device = await deviceFor(deps.db, context.deviceCookie, who.account);
  const checked = await checkAttempt(deps, actor, { account: who.account, accountBucket: device ? null : buckets.account(who.account), device }, (queue) =>
    verifySignIn(who.passwordHash, password, queue),
  );
  if (!who.usable || !checked.ok) {
    await deps.writeTransaction((trx) => writeAudit(trx, actor, who.failed));
    throw who.refusal;
  }
  const signedIn = await deps.writeTransaction(async (trx) => {
    await settleSuccess(trx, checked);
    return open(trx);
  });
  return { ...signedIn, deviceCookie: await issueDevice(deps.db, context.deviceCookie, who.account) };
}

/** Staff sign-in with username and password (every role answers `name: 'Admin'`, SPEC §4); a one-time password opens a restricted session. */
export async function signInAdmin(deps: Deps, actor: Actor, input: { name: string; password: string }, context: SignInContext) {
  const username = input.name.trim().toLowerCase();
  // With OIDC_REQUIRED=staff only the break-glass admin named at start-up signs in with a password (decision 076).
  const provider = deps.config.provider;
  if (provider?.requiredForStaff && username !== provider.breakGlass) {
    await deps.writeTransaction((trx) =>
      writeAudit(trx, actor, { action: signInActions.FAILED.admin, attempted: username, detail: `a password, where ${provider.name} is required` }),
    );
    throw invalidField('name', messages.providerRequired(provider.name));
  }
  const admin = await authRepository.findAdminByUsername(deps.db, username);
  const who = {
    account: `admin:${username}` as const,
    passwordHash: admin?.password_hash ?? null,
    // A disabled account reads like a wrong password: the sign-in tells a guesser nothing (decision 048).
    usable: admin !== undefined && admin.disabled !== 1,
    failed: { action: signInActions.FAILED.admin, attempted: username },
    refusal: invalidField('name', messages.wrongAdminCredentials),
  };
  return signInWithPassword(deps, actor, who, input.password, context, async (trx) => {
    const staff = admin!;
    // With a second factor, the password opens only a sign-in waiting for its code (decision 043): a
    // guest session naming the account, which no route but the second factor's reads.
    const factorKinds = await secondFactorKinds(trx, { kind: 'staff', id: staff.id }, staff.totp_secret);
    const secondFactor = factorKinds.length > 0;
    // The account's very first sign-in, with the password an admin or the operator handed her (one-time
    // or chosen at the server), may enrol her first factor, as the one-time password's does (decision 057).
    const firstEver = !secondFactor && !(await authRepository.signedInBefore(trx, staff.id));
    const session = await openSession(trx, actor, {
      kind: secondFactor ? 'guest' : 'admin',
      student_id: null,
      admin_id: staff.id,
      restricted: secondFactor ? 0 : staff.must_change_password,
      ip: actor.ip,
      device: deviceName(context.userAgent),
      enrolment_verified_at: firstEver ? nowIso() : null,
    });
    await writeAudit(trx, actingAs(actor, staffIdentity(staff)), {
      action: secondFactor ? 'admin.password-accepted' : signInActions.SUCCEEDED.admin,
      detail: secondFactor ? 'waiting for the second factor' : null,
    });
    const signedIn = { kind: 'signed-in' as const, device: deviceName(context.userAgent) };
    if (!secondFactor) await queueStaffSecurityNotice(trx, deps.config, { actor: actingAs(actor, staffIdentity(staff)), staff, event: signedIn });
    return {
      answer: {
        name: 'Admin' as const,
        username: staff.username,
        must_change_password: staff.must_change_password === 1,
        ...(secondFactor ? { second_factor: 'required' as const, second_factors: factorKinds } : {}),
      },
      session,
    };
  });
}

/**
 * The current password asked before a change: limited like a sign-in (10 checks per 15 minutes per
 * account, reserved before the check), so that a session left open is no way to guess it.
 */
export async function checkCurrentPassword(deps: Deps, account: DeviceAccount, check: () => Promise<boolean>): Promise<void> {
  const bucket = buckets.currentPassword(account);
  const reservation = await reserveAttempt(deps, [bucket]);
  if (!(await check())) throw invalidField('current_password', messages.currentPasswordWrong);
  await deps.writeTransaction(async (trx) => {
    await releaseAttempt(trx, reservation);
    await clearBuckets(trx, [bucket.key]);
  });
}

/**
 * A staff member's current password, asked before a change to her account from her own session
 * (her notice address, decision 058): limited like a sign-in, 422 on `current_password` when wrong.
 */
export async function checkOwnStaffPassword(deps: Deps, actor: AdminActor, password: string): Promise<void> {
  const admin = await authRepository.findAdminById(deps.db, actor.adminId);
  if (!admin) throw new NotFound(messages.adminAccountNotFound);
  await checkCurrentPassword(deps, `admin:${admin.username}`, () => verifyPassword(admin.password_hash, password));
}

type StudentLogin = NonNullable<Awaited<ReturnType<typeof authRepository.findStudentLogin>>>;

/** The student's current password (her date of birth while she has not chosen one), under the current-password limit. */
async function checkStudentPassword(deps: Deps, student: StudentLogin, current: string): Promise<void> {
  await checkCurrentPassword(deps, `student:${student.id}`, async () =>
    student.password_reset === 1
      ? sameText(current, dateOfBirthPassword(student.date_of_birth))
      : student.password_hash !== null && (await verifyPassword(student.password_hash, current)),
  );
}

/**
 * `POST /api/check-current-password`: the first step of the two-step change-password screen
 * (SPEC §2) checks the student's current password before the new one is asked for. It is limited
 * like the change itself, and a wrong answer is audited as a failed sign-in of the account.
 */
export async function checkCurrentStudentPassword(deps: Deps, actor: Actor, current: string) {
  const account = accountOf(actor);
  if (account?.kind !== 'student' || actor.kind === 'visitor') throw new Forbidden(messages.onlyStudentChecksPassword);
  const student = await authRepository.findStudentLogin(deps.db, account.studentId);
  if (!student) throw new NotFound(messages.ownRecordNotFound);
  try {
    await checkStudentPassword(deps, student, current);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422)
      await deps.writeTransaction((trx) =>
        writeAudit(trx, actingAs(actor, account), { action: signInActions.FAILED.student, studentId: student.id, attempted: student.id }),
      );
    throw error;
  }
  return { message: 'The current password is correct.' };
}

/**
 * A student sets a new password. The account is the session's, never an id in the body. From the
 * restricted first-sign-in session no current password is asked; from a full session it is.
 * Her other sessions end; this one becomes a full session.
 */
export async function changeStudentPassword(deps: Deps, actor: Actor, input: { password: string; current_password?: string }) {
  const account = accountOf(actor);
  if (account?.kind !== 'student' || !actor.sessionId) throw new Forbidden(messages.onlyStudentChangesPassword);
  const sessionId = actor.sessionId;
  const student = await authRepository.findStudentLogin(deps.db, account.studentId);
  if (!student) throw new NotFound(messages.ownRecordNotFound);
  if (actor.kind !== 'visitor') await checkStudentPassword(deps, student, input.current_password ?? '');
  const problem = passwordProblem(input.password, { studentId: student.id, dateOfBirth: student.date_of_birth }, isCommonPassword);
  if (problem) throw invalidField('password', problem);

  const passwordHash = await hashPassword(input.password);
  await deps.writeTransaction(async (trx) => {
    await authRepository.setStudentPassword(trx, student.id, passwordHash);
    await sessionRepository.deleteForStudent(trx, student.id, sessionId);
    await sessionRepository.unrestrict(trx, sessionId);
    await writeAudit(trx, actingAs(actor, account), { action: 'student.password-changed', studentId: student.id });
  });
  return { message: messages.passwordChanged };
}

/** An admin changes her password (the one-time one included); her other sessions end. */
export async function changeAdminPassword(deps: Deps, actor: Actor, input: { password: string; current_password: string }) {
  const account = accountOf(actor);
  if (account?.kind !== 'admin' || !actor.sessionId) throw new Forbidden(messages.onlyAdminChangesAdminPassword);
  const sessionId = actor.sessionId;
  const admin = await authRepository.findAdminById(deps.db, account.adminId);
  if (!admin) throw new NotFound(messages.adminAccountNotFound);
  await checkCurrentPassword(deps, `admin:${admin.username}`, () => verifyPassword(admin.password_hash, input.current_password));
  const problem = passwordProblem(input.password, { username: admin.username }, isCommonPassword);
  if (problem) throw invalidField('password', problem);
  if (input.password === input.current_password) throw invalidField('password', messages.newPasswordSame);

  const passwordHash = await hashPassword(input.password);
  await deps.writeTransaction(async (trx) => {
    await authRepository.setAdminPassword(trx, admin.id, passwordHash, false);
    await sessionRepository.deleteForAdmin(trx, admin.id, sessionId);
    await sessionRepository.unrestrict(trx, sessionId);
    // A session a one-time password opened was handed to her by an admin: it may enrol her first factor (decision 057).
    if (actor.kind === 'visitor') await sessionRepository.markEnrolmentVerified(trx, sessionId, nowIso());
    await writeAudit(trx, actingAs(actor, account), { action: 'admin.password-changed' });
  });
  return { message: messages.passwordChanged };
}

/** An admin's reset: the student signs in with her date of birth again; her sessions end. */
export async function resetStudentPassword(deps: Deps, actor: AdminActor, studentId: string) {
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  if (!student) throw new NotFound(messages.noSuchStudent);
  await deps.writeTransaction(async (trx) => {
    await authRepository.resetStudentPassword(trx, student.id);
    await sessionRepository.deleteForStudent(trx, student.id);
    // Her date-of-birth sign-ins start counting afresh (decision 015).
    await clearBuckets(trx, [buckets.firstPassword(student.id).key, buckets.account(`student:${student.id}`).key]);
    await writeAudit(trx, actor, { action: 'student.password-reset', studentId: student.id });
  });
  return { message: `${displayName(student)}'s password has been reset. She signs in next with her date of birth (yyyymmdd).` };
}

/** Ends the caller's session; a signed-in account's sign-out is logged. The route clears the cookies. */
export async function signOut(deps: Deps, actor: Actor): Promise<void> {
  const account = accountOf(actor);
  await deps.writeTransaction(async (trx) => {
    if (actor.kind === 'guardian') await writeAudit(trx, actor, { action: 'guardian.sign-out' });
    if (account) {
      await writeAudit(trx, actingAs(actor, account), {
        action: `${account.kind}.sign-out`,
        studentId: account.kind === 'student' ? account.studentId : null,
      });
    }
    if (actor.sessionId) await sessionRepository.delete(trx, actor.sessionId);
  });
}

/**
 * `GET /api/user/{id}`: whether the sign-in screen hints at the date of birth (SPEC §7). Only a
 * browser that signed in to the account before (its device cookie) is told the account's state;
 * any other is answered as for a date-of-birth account, whether the ID exists or has a chosen
 * password, so the answer tells a visitor nothing about the school's IDs (decision 058).
 */
export async function userInfo(deps: Deps, studentId: string, deviceCookie: string | undefined) {
  const id = studentId.trim();
  const known = (await deviceFor(deps.db, deviceCookie, `student:${id}`)) !== null;
  const student = known ? await authRepository.findStudentLogin(deps.db, id) : undefined;
  return [{ student_id: studentId, password_reset: student ? student.password_reset : 1 }];
}

/** `GET /api/student-record/{id}`: the names of a student, for her own screens. */
export async function studentRecordNames(deps: Deps, studentId: string) {
  const student = await authRepository.findStudentLogin(deps.db, studentId);
  return student ? [{ first_name: student.first_name, last_name: student.last_name, id: student.id }] : [];
}

/**
 * The visitors' student-ID lookup: exact first and last name only, never a list of the school.
 * The form level is told only when several students share the name, to tell them apart.
 */
export async function lookUpStudentId(deps: Deps, input: { first_name: string; last_name: string }) {
  const matches = await authRepository.findStudentsByName(deps.db, input.first_name.trim(), input.last_name.trim());
  return matches.map(({ form_level, ...names }) => (matches.length > 1 ? { ...names, form_level } : names));
}

/**
 * What the web app needs to know about the caller (GET /api/session). A caller signed out because
 * the session she presented has ended is told so, for the sign-in page to say why she is there.
 */
export async function describeSession(deps: Deps, actor: Actor, { sessionEnded, providerFactor = false }: { sessionEnded: boolean; providerFactor?: boolean }) {
  const signedOut = { ...signedOutSession, ended_message: sessionEnded ? messages.sessionEnded : null };
  if (actor.kind === 'guardian') {
    const initials = actor.name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('');
    return {
      authenticated: true,
      kind: 'guardian' as const,
      admin: false,
      restricted: false,
      userID: actor.publicId,
      name: actor.name,
      initials,
      must_change_password: false,
    };
  }
  const account = accountOf(actor);
  const restricted = actor.kind === 'visitor';
  if (!account) return signedOut;
  if (account.kind === 'admin') {
    const admin = await authRepository.findAdminById(deps.db, account.adminId);
    if (!admin || admin.disabled === 1) return signedOut;
    return {
      authenticated: true,
      kind: 'admin' as const,
      admin: true,
      restricted,
      userID: admin.username,
      name: 'Admin',
      initials: 'A',
      must_change_password: admin.must_change_password === 1,
      role: admin.role,
      classes: classesOf(admin.classes),
      must_enrol_second_factor: mustEnrolSecondFactor(deps.config.staffMfa, {
        role: admin.role,
        hasFactor: providerFactor || admin.totp_secret !== null || (await passkeyRepository.hasPasskey(deps.db, { kind: 'staff', id: admin.id })),
      }),
    };
  }
  const student = await authRepository.findStudentLogin(deps.db, account.studentId);
  if (!student) return signedOut;
  const initials = [student.first_name, student.last_name].map((name) => name?.trim().charAt(0).toUpperCase() ?? '').join('');
  return {
    authenticated: true,
    kind: 'student' as const,
    admin: false,
    restricted,
    userID: student.id,
    name: displayName(student),
    initials,
    must_change_password: restricted,
  };
}
