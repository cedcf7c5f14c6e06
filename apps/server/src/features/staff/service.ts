import { messages, passwordProblem, staffEmail, staffUsername, type newStaffRequest, type staffChangeRequest, type StaffRole } from '@school/contract';
import { isCommonPassword } from '@school/contract/common-passwords';
import type { z } from 'zod';
import type { AdminActor } from '../../session/actor.ts';
import { sessionRepository } from '../../session/session-repository.ts';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField, NotFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { checkOwnStaffPassword, hashPassword, oneTimePassword, secondFactorRepository } from '../auth/index.ts';
import { queueAdminsNotice, queueStaffSecurityNotice } from '../notifications/index.ts';
import { presentStaff } from './presenter.ts';
import { staffRepository } from './repository.ts';

/**
 * The classes a role keeps, checked: a teacher's must exist (422 naming the unknown ones); the
 * other roles read every class, so theirs are dropped. Stored joined by commas, sorted.
 */
async function checkedClasses(db: Executor, role: StaffRole, classes: string[]): Promise<string> {
  if (role !== 'teacher') return '';
  const wanted = [...new Set(classes)].sort();
  const found = new Set(await staffRepository.existingClasses(db, wanted));
  const unknown = wanted.filter((classId) => !found.has(classId));
  if (unknown.length > 0) throw invalidField('classes', messages.noSuchClass(unknown.join(', ')));
  return wanted.join(',');
}

/** `GET /api/staff`: every staff account. */
export async function listStaff(deps: Deps) {
  return (await staffRepository.list(deps.db)).map((row) => presentStaff(row, deps.config));
}

/**
 * A new staff account with a one-time password, which she must change at her first sign-in. Used
 * by `POST /api/staff` and the `npm run admin -- create` command (with a chosen password).
 */
export async function addStaff(
  deps: Pick<Deps, 'db' | 'writeTransaction'> & Partial<Pick<Deps, 'config'>>,
  actor: AdminActor | null,
  input: z.output<typeof newStaffRequest>,
  chosenPassword?: string,
) {
  const password = chosenPassword ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  const row = await deps.writeTransaction(async (trx) => {
    if (await staffRepository.find(trx, input.username)) throw invalidField('username', messages.staffNameTaken(input.username));
    const classes = await checkedClasses(trx, input.role, input.classes);
    await staffRepository.insert(trx, { ...input, classes, passwordHash, mustChange: chosenPassword === undefined });
    if (actor) await writeAudit(trx, actor, { action: 'staff.created', detail: `${input.username}: ${input.role}${classes ? ` (${classes})` : ''}` });
    const created = (await staffRepository.find(trx, input.username))!;
    // Every other admin hears of a new admin at once (issue 49): one made from a stolen session is seen.
    if (input.role === 'admin' && actor && deps.config)
      await queueAdminsNotice(trx, deps.config, { actor, event: { kind: 'admin-created', username: created.username, by: actor.name }, except: created.id });
    return created;
  });
  return { ...presentStaff(row, deps.config), ...(chosenPassword === undefined ? { one_time_password: password } : {}) };
}

/**
 * `PATCH /api/staff/{username}`: role, classes, display name, disabled, or a new one-time password.
 * Disabling, a password reset or the removal of her second factors (someone else's, for a lost phone
 * or key; she is told by e-mail) ends every session of the account at once; a role or class change counts
 * from the account's next request (its session reads them). The last enabled admin keeps her role
 * and stays enabled, under any number of changes at once (every account is locked first).
 */
export async function changeStaff(deps: Deps, actor: AdminActor, username: string, change: z.output<typeof staffChangeRequest>) {
  const password = change.reset_password ? oneTimePassword() : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const row = await deps.writeTransaction(async (trx) => {
    const staff = await staffRepository.lockAll(trx);
    const enabledAdmins = staff.filter((member) => member.role === 'admin' && member.disabled === 0);
    const account = await staffRepository.find(trx, username);
    if (!account) throw new NotFound(messages.noSuchStaff);
    if (change.reset_second_factor && account.id === actor.adminId) throw invalidField('reset_second_factor', messages.ownFactorsElsewhere);
    const role = change.role ?? account.role;
    const disabled = change.disabled ?? account.disabled === 1;
    const losesAdmin = account.role === 'admin' && account.disabled === 0 && (role !== 'admin' || disabled);
    if (losesAdmin && enabledAdmins.length <= 1) throw new Conflict(messages.lastAdmin);
    const classes =
      change.role !== undefined || change.classes !== undefined
        ? await checkedClasses(trx, role, change.classes ?? account.classes.split(',').filter(Boolean))
        : account.classes;
    await staffRepository.update(trx, account.id, {
      role,
      classes,
      disabled: disabled ? 1 : 0,
      ...(change.display_name !== undefined ? { display_name: change.display_name } : {}),
      ...(change.email !== undefined ? { email: change.email } : {}),
      ...(passwordHash ? { password_hash: passwordHash, must_change_password: 1 } : {}),
    });
    if (change.reset_second_factor) {
      await secondFactorRepository.removeAll(trx, { kind: 'staff', id: account.id });
      await queueStaffSecurityNotice(trx, deps.config, { actor, staff: account, event: { kind: 'factors-reset' } });
    }
    if (disabled || passwordHash || change.reset_second_factor) await sessionRepository.deleteForAdmin(trx, account.id);
    if (role === 'admin' && account.role !== 'admin')
      await queueAdminsNotice(trx, deps.config, { actor, event: { kind: 'made-admin', username: account.username, by: actor.name }, except: account.id });
    const changed = Object.keys(change).filter((key) => change[key as keyof typeof change] !== undefined);
    await writeAudit(trx, actor, {
      action: 'staff.changed',
      detail: `${account.username}: ${changed.join(', ')}${change.role ? ` → ${role}` : ''}${classes ? ` (${classes})` : ''}`,
    });
    return (await staffRepository.find(trx, username))!;
  });
  return { ...presentStaff(row, deps.config), ...(password ? { one_time_password: password } : {}) };
}

/**
 * `npm run admin -- create <username> [--role …] [--classes …] [--email …]`: a staff account with the password
 * the operator chose (not one-time). Throws an error whose message says what to fix.
 */
export async function createStaffFromCommand(
  deps: Pick<Deps, 'db' | 'writeTransaction'>,
  { username, password, role, classes, email }: { username: string; password: string; role: StaffRole; classes: string[]; email?: string },
): Promise<void> {
  const name = staffUsername.safeParse(username);
  if (!name.success) throw new Error(name.error.issues[0]!.message);
  if (await staffRepository.find(deps.db, name.data)) throw new Error(`An admin named '${name.data}' already exists.`);
  const address = staffEmail.safeParse(email ?? null);
  if (!address.success) throw new Error(`${address.error.issues[0]!.message}: ${email}`);
  const problem = passwordProblem(password, { username: name.data }, isCommonPassword);
  if (problem) throw new Error(problem);
  await addStaff(deps, null, { username: name.data, display_name: name.data, role, classes, email: address.data }, password);
}

/** `GET /api/account/email`: the address her security notices go to. */
export async function ownEmail(deps: Pick<Deps, 'db'>, actor: AdminActor) {
  return { email: await staffRepository.emailOf(deps.db, actor.adminId) };
}

/**
 * `PUT /api/account/email`: a staff member sets (or, with null, removes) her own address, with her
 * current password (decision 058); audit-logged. The address she had is told, so that someone
 * with her open session cannot quietly move her notices elsewhere.
 */
export async function setOwnEmail(deps: Deps, actor: AdminActor, { email, current_password }: { email: string | null; current_password: string }) {
  await checkOwnStaffPassword(deps, actor, current_password);
  await deps.writeTransaction(async (trx) => {
    const before = await staffRepository.emailOf(trx, actor.adminId);
    // Queued before the change, so it goes to the address she had.
    if (before !== null && before.toLowerCase() !== email?.toLowerCase()) {
      const changed = { kind: 'email-changed' as const, removed: email === null };
      await queueStaffSecurityNotice(trx, deps.config, { actor, staff: { id: actor.adminId, username: actor.name }, event: changed });
    }
    await staffRepository.update(trx, actor.adminId, { email });
    await writeAudit(trx, actor, { action: 'staff.email-changed', detail: `${actor.name}: ${email === null ? 'removed' : 'set'}` });
  });
  return { email };
}
