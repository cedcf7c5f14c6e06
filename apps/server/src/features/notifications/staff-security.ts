import { emailPattern } from '@school/contract';
import type { Config } from '../../core/config.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { adminsMessage, enrolmentCodeMessage, staffSecurityMessage, type AdminsEvent, type StaffSecurityEvent } from './message-kinds.ts';
import { notificationsRepository as repository } from './repository.ts';
import { enqueueMessages } from './service.ts';

/** A browser not seen on an account for this long is new again (decision 047). */
export const KNOWN_DEVICE_DAYS = 90;

/**
 * Whether this sign-in is from a browser the account has not used in the last 90 days, recorded as
 * seen either way. A browser is its family and system as the account page names them ("Firefox on
 * Linux"). An account's very first sign-in (or its first since notices began) is no news: there is
 * nothing yet to compare it with. Two sign-ins at once from one new browser find it new once.
 */
async function isNewDevice(trx: Executor, adminId: number, device: string, now: string): Promise<boolean> {
  const cutoff = new Date(Date.parse(now) - KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const firstEver = !(await repository.anyDeviceOf(trx, adminId));
  if (await repository.touchKnownDevice(trx, { adminId, device, now, cutoff })) return false;
  return (await repository.addDevice(trx, { adminId, device, now, cutoff })) && !firstEver;
}

/**
 * A staff security notice (decision 047): a sign-in from a new browser, or a second factor added or
 * removed, queued in the transaction of that event to the staff member's own address. Nothing is
 * queued without her address or while the school has these notices switched off. Call it where a
 * staff session is fully signed in and where a factor changes. Answers whether a notice was queued.
 */
export async function queueStaffSecurityNotice(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl' | 'schoolTimeZone'>,
  { actor, staff, event }: { actor: Actor; staff: { id: number; username: string }; event: StaffSecurityEvent },
): Promise<boolean> {
  const now = nowIso();
  if (event.kind === 'signed-in' && !(await isNewDevice(trx, staff.id, event.device ?? 'an unknown browser', now))) return false;
  const email = (await repository.staffEmail(trx, staff.id))?.trim();
  if (!email || !emailPattern.test(email) || !(await repository.isEnabled(trx, 'staff_security'))) return false;
  const composed = staffSecurityMessage(config, { username: staff.username, event, at: now });
  await enqueueMessages(trx, actor, [
    {
      kind: 'staff_security',
      recipient: email,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `staff-security.${event.kind}:${staff.username}`,
      student_id: null,
    },
  ]);
  return true;
}

/**
 * A notice to every admin but `except` (issue 49): a staff member who opened many student records
 * today, a new admin account. Queued in the transaction of that event, as a staff security message,
 * to each admin who has an address; nothing while the school has these notices switched off.
 * Answers how many were queued.
 */
export async function queueAdminsNotice(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl' | 'schoolTimeZone'>,
  { actor, event, except }: { actor: Actor | null; event: AdminsEvent; except: number | null },
): Promise<number> {
  if (!(await repository.isEnabled(trx, 'staff_security'))) return 0;
  const composed = adminsMessage(config, { event, at: nowIso() });
  const admins = (await repository.adminsToTell(trx, except)).flatMap((admin) => {
    const email = admin.email?.trim();
    return email && emailPattern.test(email) ? [{ ...admin, email }] : [];
  });
  await enqueueMessages(
    trx,
    actor,
    admins.map((admin) => ({
      kind: 'staff_security' as const,
      recipient: admin.email,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `staff-security.${event.kind}:${event.username}:${admin.username}`,
      student_id: null,
    })),
  );
  return admins.length;
}

/**
 * The code a staff member asked for before enrolling her first second factor (decision 057), to her
 * notice address: sent whether or not the school's security notices are on, since she needs it.
 */
export async function queueEnrolmentCode(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl'>,
  { actor, staff, email, code, minutes }: { actor: Actor; staff: { username: string }; email: string; code: string; minutes: number },
): Promise<void> {
  const composed = enrolmentCodeMessage(config, { username: staff.username, code, minutes });
  await enqueueMessages(trx, actor, [
    {
      kind: 'staff_security',
      recipient: email,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `staff-security.enrolment-code:${staff.username}`,
      student_id: null,
    },
  ]);
}
