import {
  emailPattern,
  guardianLinkLifetimes,
  guardianMessageKinds,
  guardianMessages,
  messages,
  type ClassInvitations,
  type GuardianInvitation,
  type GuardianInvitations,
  type GuardianRelationship,
  type InvitationPreview,
} from '@school/contract';
import { nowIso, type Executor } from '../../db/database.ts';
import { lockUntilCommit } from '../../db/dialect.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidFields, NotFound } from '../../lib/errors.ts';
import { actingAs, type Actor, type AdminActor } from '../../session/actor.ts';
import { hashToken, newToken } from '../../session/session-repository.ts';
import type { OpenedSession } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword } from '../auth/index.ts';
import { queueGuardianAccountMail } from '../notifications/index.ts';
import { invitationsRepository as invitations } from './invitations-repository.ts';
import { announceLink } from './link-notices.ts';
import { linksRepository, newPublicId } from './links-repository.ts';
import { presentInvitation } from './presenter.ts';
import { guardiansRepository as guardians } from './repository.ts';
import { checkNewPassword, openGuardianSession } from './service.ts';

const hoursFromNow = (now: string, hours: number) => new Date(Date.parse(now) + hours * 60 * 60_000).toISOString();

/** A student's first name as a mail names her (never more of her). */
const firstNameOf = (student: { first_name: unknown }) =>
  typeof student.first_name === 'string' && student.first_name.trim() ? student.first_name.trim() : 'your daughter';

/** Mails an invitation's link to its address, in the caller's transaction. */
async function mailInvitation(
  trx: Executor,
  deps: Pick<Deps, 'config'>,
  actor: Actor,
  { token, publicId, email, studentId, firstName }: { token: string; publicId: string; email: string; studentId: string; firstName: string },
): Promise<void> {
  await queueGuardianAccountMail(trx, deps.config, {
    actor,
    to: email,
    guardianId: null,
    studentId,
    event: `invitation:${publicId}`,
    mail: { kind: 'invitation', link: `${deps.config.portalUrl}/parents/invitation?token=${token}`, firstName, hours: guardianLinkLifetimes.invitationHours },
  });
}

/** Writes an invitation (its link's SHA-256, 72 hours) and queues its mail and audit row, in the caller's transaction. Answers its public ID. */
async function sendInvitation(
  trx: Executor,
  deps: Pick<Deps, 'config'>,
  actor: AdminActor,
  invitation: { studentId: string; firstName: string; email: string; relationship: GuardianRelationship },
): Promise<string> {
  const token = newToken();
  const publicId = newPublicId();
  const now = nowIso();
  await invitations.insert(trx, {
    publicId,
    tokenHash: hashToken(token),
    studentId: invitation.studentId,
    email: invitation.email,
    relationship: invitation.relationship,
    createdBy: actor.adminId,
    now,
    expiresAt: hoursFromNow(now, guardianLinkLifetimes.invitationHours),
  });
  await writeAudit(trx, actor, { action: 'guardian.invited', studentId: invitation.studentId, detail: `${invitation.relationship}, invitation ${publicId}` });
  await mailInvitation(trx, deps, actor, { token, publicId, email: invitation.email, studentId: invitation.studentId, firstName: invitation.firstName });
  return publicId;
}

async function invitationOf(deps: Pick<Deps, 'db'>, publicId: string): Promise<GuardianInvitation> {
  const row = await invitations.byPublicId(deps.db, publicId);
  if (!row) throw new NotFound(guardianMessages.invitationNotFound);
  return presentInvitation(row, nowIso());
}

/** `POST /api/guardian-invitations`: office or admin staff invite an address for one student. */
export async function invite(
  deps: Deps,
  actor: AdminActor,
  input: { student_id: string; email: string; relationship: GuardianRelationship },
): Promise<GuardianInvitation> {
  const student = await invitations.student(deps.db, input.student_id);
  if (!student) throw new NotFound(messages.noSuchStudent);
  const publicId = await deps.writeTransaction((trx) =>
    sendInvitation(trx, deps, actor, { studentId: student.id, firstName: firstNameOf(student), email: input.email, relationship: input.relationship }),
  );
  return invitationOf(deps, publicId);
}

/** The record's parent addresses that an invitation goes to, with the relationship each field says. */
const recordAddresses: Array<[field: 'email_mother' | 'email_father' | 'email_guardian', relationship: GuardianRelationship]> = [
  ['email_mother', 'mother'],
  ['email_father', 'father'],
  ['email_guardian', 'guardian'],
];

/**
 * `POST /api/guardian-invitations/class`: one invitation to each parent address of the class's
 * records (mother's, father's, guardian's), each address once per girl, skipping one already linked
 * to her or with an open invitation for her. Two calls at once for a class send each invitation once.
 */
export async function inviteClass(deps: Deps, actor: AdminActor, classId: string): Promise<ClassInvitations> {
  return deps.writeTransaction(async (trx) => {
    await lockUntilCommit(trx, deps.dialect, `guardian-invitations:${classId}`);
    const taken = await invitations.takenAddresses(trx, classId, nowIso());
    let sent = 0;
    let skipped = 0;
    for (const student of await invitations.classRecords(trx, classId)) {
      for (const [field, relationship] of recordAddresses) {
        const typed = student[field];
        const email = typeof typed === 'string' ? typed.trim().toLowerCase() : '';
        if (!email || !emailPattern.test(email)) continue;
        const key = `${student.id}|${email}`;
        if (taken.has(key)) {
          skipped += 1;
          continue;
        }
        taken.add(key);
        await sendInvitation(trx, deps, actor, { studentId: student.id, firstName: firstNameOf(student), email, relationship });
        sent += 1;
      }
    }
    return { sent, skipped };
  });
}

/** `GET /api/guardian-invitations?class_id=`: the class's invitations, each with its state. */
export async function listInvitations(deps: Deps, classId: string): Promise<GuardianInvitations> {
  const now = nowIso();
  return { invitations: (await invitations.ofClass(deps.db, classId)).map((row) => presentInvitation(row, now)) };
}

/** `POST /api/guardian-invitations/{id}/resend`: a new link, good for 72 hours from now; the old one stops working. */
export async function resendInvitation(deps: Deps, actor: AdminActor, publicId: string): Promise<GuardianInvitation> {
  const row = await invitations.byPublicId(deps.db, publicId);
  if (!row) throw new NotFound(guardianMessages.invitationNotFound);
  const token = newToken();
  await deps.writeTransaction(async (trx) => {
    const now = nowIso();
    const renewed = await invitations.renew(trx, publicId, {
      tokenHash: hashToken(token),
      now,
      expiresAt: hoursFromNow(now, guardianLinkLifetimes.invitationHours),
    });
    if (!renewed) throw new Conflict(guardianMessages.linkNotValid);
    await writeAudit(trx, actor, { action: 'guardian.invitation-resent', studentId: row.student_id, detail: `invitation ${publicId}` });
    await mailInvitation(trx, deps, actor, { token, publicId, email: row.email, studentId: row.student_id, firstName: firstNameOf(row) });
  });
  return invitationOf(deps, publicId);
}

/** `DELETE /api/guardian-invitations/{id}`: the link stops working. */
export async function cancelInvitation(deps: Deps, actor: AdminActor, publicId: string): Promise<void> {
  const row = await invitations.byPublicId(deps.db, publicId);
  if (!row) throw new NotFound(guardianMessages.invitationNotFound);
  await deps.writeTransaction(async (trx) => {
    if (!(await invitations.cancel(trx, publicId, nowIso()))) throw new Conflict(guardianMessages.linkNotValid);
    await writeAudit(trx, actor, { action: 'guardian.invitation-cancelled', studentId: row.student_id, detail: `invitation ${publicId}` });
  });
}

/** `GET /api/guardian-invitations/preview?token=`: what the invitation page shows; a link no longer good is 404. */
export async function previewInvitation(deps: Deps, token: string): Promise<InvitationPreview> {
  const live = await invitations.live(deps.db, hashToken(token), nowIso());
  if (!live) throw new NotFound(guardianMessages.linkNotValid);
  return { student_first_name: firstNameOf(live), email: live.email, has_account: (await guardians.byEmail(deps.db, live.email)) !== undefined };
}

/** An accepted invitation: the answer, and the session to set when it made her account. */
export type Accepted = { answer: { name: string; kind: 'guardian'; student_first_name: string }; session: OpenedSession | null };

/**
 * `POST /api/guardian-invitations/accept`. Signed in as a guardian, the token alone links the girl
 * to her account. Otherwise her name and a password make the account of the invited address (the
 * link proved it), link the girl and sign her in; an address with an account already is 409 (she
 * signs in first). The invitation is accepted once, in the transaction that makes the link: of
 * several calls at once with one link, one only succeeds.
 */
export async function acceptInvitation(deps: Deps, actor: Actor, input: { token: string; name?: string; password?: string }): Promise<Accepted> {
  const tokenHash = hashToken(input.token);
  const live = await invitations.live(deps.db, tokenHash, nowIso());
  if (!live) throw new NotFound(guardianMessages.linkNotValid);
  const firstName = firstNameOf(live);

  if (actor.kind === 'guardian')
    return deps.writeTransaction(async (trx) => {
      await linkAccepted(trx, deps, actor, tokenHash, actor.guardianId);
      return { answer: { name: actor.name, kind: 'guardian' as const, student_first_name: firstName }, session: null };
    });

  if (!input.name || !input.password)
    throw invalidFields([
      ...(input.name ? [] : [{ field: 'name', message: guardianMessages.nameAndPasswordNeeded }]),
      ...(input.password ? [] : [{ field: 'password', message: guardianMessages.nameAndPasswordNeeded }]),
    ]);
  if (await guardians.byEmail(deps.db, live.email)) throw new Conflict(guardianMessages.signInToAccept);
  checkNewPassword(input.password, live.email);
  const passwordHash = await hashPassword(input.password);
  const name = input.name;
  return deps.writeTransaction(async (trx) => {
    const now = nowIso();
    const publicId = newPublicId();
    // The invitation first: of two sign-ups at once, the one that does not get it makes no account.
    const accepted = await invitations.accept(trx, tokenHash, now);
    if (!accepted) throw new NotFound(guardianMessages.linkNotValid);
    const guardianId = await guardians.insert(trx, { publicId, email: accepted.email, name, passwordHash, messageKinds: guardianMessageKinds.join(','), now });
    if (guardianId === undefined) throw new Conflict(guardianMessages.signInToAccept);
    const guardian = { id: guardianId, public_id: publicId, display_name: name };
    await writeAudit(trx, actingAs(actor, { kind: 'guardian', guardianId, publicId, name }), {
      action: 'guardian.account-made',
      studentId: accepted.student_id,
      detail: `with invitation ${accepted.public_id}`,
    });
    await makeLink(trx, deps, actingAs(actor, { kind: 'guardian', guardianId, publicId, name }), accepted, guardianId, now);
    const opened = await openGuardianSession(trx, actor, guardian, 'with an invitation');
    return { answer: { ...opened.answer, student_first_name: firstName }, session: opened.session };
  });
}

/** Accepts the invitation for a signed-in guardian's account and makes the link, in the caller's transaction. */
async function linkAccepted(trx: Executor, deps: Pick<Deps, 'config'>, actor: Actor, tokenHash: string, guardianId: number): Promise<void> {
  const now = nowIso();
  const accepted = await invitations.accept(trx, tokenHash, now);
  if (!accepted) throw new NotFound(guardianMessages.linkNotValid);
  await makeLink(trx, deps, actor, accepted, guardianId, now);
}

/** The link an accepted invitation makes live, audited. */
async function makeLink(
  trx: Executor,
  deps: Pick<Deps, 'config'>,
  actor: Actor,
  accepted: { public_id: string; student_id: string; relationship: GuardianRelationship },
  guardianId: number,
  now: string,
): Promise<void> {
  const link = await linksRepository.makeLive(trx, {
    guardianId,
    studentId: accepted.student_id,
    relationship: accepted.relationship,
    verifiedBy: 'invitation',
    now,
  });
  await writeAudit(trx, actor, {
    action: 'guardian.invitation-accepted',
    studentId: accepted.student_id,
    detail: `invitation ${accepted.public_id}, link ${link.publicId}${link.added ? '' : ' (already live)'}`,
  });
  if (!link.added) return;
  // The girl's privacy page shows the new link, in the guardian's name (decision 062), as a letter's does.
  const guardian = await linksRepository.noticeFacts(trx, guardianId, accepted.student_id);
  if (guardian)
    await writeAudit(trx, actingAs(actor, { kind: 'guardian', guardianId, publicId: guardian.guardianPublicId, name: guardian.guardianName }), {
      action: 'guardian-link.added',
      studentId: accepted.student_id,
      detail: accepted.relationship,
    });
  // A new link is told to the school office and the girl's other guardians, in its transaction.
  await announceLink(trx, deps.config, actor, { guardianId, studentId: accepted.student_id, relationship: accepted.relationship, verifiedBy: 'invitation' });
}
