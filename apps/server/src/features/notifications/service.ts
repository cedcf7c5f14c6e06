import {
  guardianMessages,
  messages,
  pageSizes,
  pageWindow,
  progressSteps,
  roleMay,
  type NotificationStops,
  type RegistrationRemindersAnswer,
  notificationKinds,
  type MessagesQuery,
  type NotificationKind,
  type NotificationPreview,
  type NotificationSettings,
  type OutboxMessage,
  type OutboxPage,
  type RenderedMessage,
} from '@school/contract';
import type { Deps } from '../../lib/deps.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { utcToZonedLocal, zonedDay } from '../../lib/time-zone.ts';
import { serverSecret } from '../../db/server-secret.ts';
import { readStopToken, stopLinkExpired, type StopRequest } from './stop-links.ts';
import type { Actor, AdminActor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { absenceMessage, registrationReminderMessage, reportPostedMessage, staffSecurityMessage, type Composed } from './message-kinds.ts';
import { carriesSingleUseLink } from './guardian-account.ts';
import { noFamily, recipientsOf } from './recipients.ts';
import { presentMessage, type OutboxRow } from './presenter.ts';
import { notificationsRepository as repository, type NewMessage } from './repository.ts';

/** `GET /api/messages`: one page of the outbox, newest first, and whether a mail server is set up. */
export async function listMessages(deps: Deps, actor: AdminActor, query: MessagesQuery & { page: number }): Promise<OutboxPage> {
  // The outbox's pages: from the standby while it keeps up (decision 073).
  const { items, total } = await repository.page(deps.heavyReads(), {
    status: query.status,
    kind: query.kind,
    ...pageWindow(query.page, pageSizes.messages),
    hidden: kindsHiddenFrom(actor),
  });
  return { items: items.map(presentMessage), total, mail_server: deps.config.smtpUrl !== undefined };
}

/**
 * The kinds of message a staff member may not read (decision 058): a staff security notice tells
 * of an account's sign-ins and factors, so only those who manage staff accounts read it, not the
 * office who read the parents' messages.
 */
const kindsHiddenFrom = (actor: AdminActor): string[] => (roleMay(actor.role, 'staff') ? [] : ['staff_security']);

/** `GET /api/messages/{id}`: the message as its recipient reads it (a kind she may not read is answered as no message). */
export async function renderedMessage(deps: Deps, actor: AdminActor, id: number): Promise<RenderedMessage> {
  const row = await repository.message(deps.db, id, kindsHiddenFrom(actor));
  if (!row) throw new NotFound(messages.noSuchMessage);
  if (carriesSingleUseLink(row)) throw new Forbidden(guardianMessages.mailHoldsLink);
  return { ...presentMessage(row), text: row.text_body, html: row.html_body };
}

/** `POST /api/messages/{id}/retry`: a failed (or cancelled) message is queued again from the start. */
export async function retryMessage(deps: Deps, actor: AdminActor, id: number): Promise<OutboxMessage> {
  await deps.writeTransaction(async (trx) => {
    if (!(await repository.message(trx, id, kindsHiddenFrom(actor)))) throw new NotFound(messages.noSuchMessage);
    if (!(await repository.requeue(trx, id, nowIso()))) throw new Conflict(messages.onlyFailedRetried);
    await writeAudit(trx, actor, { action: 'notification.retried', detail: `message ${id}` });
  });
  return presentMessage((await repository.message(deps.db, id)) as OutboxRow);
}

/** `GET /api/notification-settings`. */
export async function readNotificationSettings(deps: Pick<Deps, 'db'>): Promise<NotificationSettings> {
  const rows = await repository.settings(deps.db);
  return Object.fromEntries(notificationKinds.map((kind) => [kind, rows.find((row) => row.kind === kind)?.enabled === 1])) as NotificationSettings;
}

/** The made-up student of the previews. */
const sampleStudent = { firstName: 'Amelia' };

/**
 * `GET /api/notification-settings/preview`: each kind's message as the school's parents would read
 * it, made by the same code about a made-up student (the stop link's token left out), and a staff
 * security notice about a made-up staff member's sign-in.
 */
export function previewMessages(deps: Pick<Deps, 'config'>, now = new Date()): NotificationPreview {
  const today = zonedDay(now, deps.config.schoolTimeZone);
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 9 ? 1 : 0);
  const samples: Array<[NotificationKind, Composed]> = [
    ['report_posted', reportPostedMessage(deps.config, { ...sampleStudent, year, term: '1' })],
    [
      'absence',
      absenceMessage(deps.config, {
        ...sampleStudent,
        date: today,
        state: { kind: 'arrived', time: '08:20' },
        correction: false,
        stopLink: `${deps.config.portalUrl}/api/notifications/stop?token=…`,
      }),
    ],
    [
      'reminders',
      registrationReminderMessage(deps.config, {
        ...sampleStudent,
        stepsToDo: progressSteps.slice(1, 3).map((step) => step.label),
        deadline: `${today} at 16:00`,
      }),
    ],
    [
      'staff_security',
      staffSecurityMessage(deps.config, { username: 'jsmith', event: { kind: 'signed-in', device: 'Firefox on Windows' }, at: now.toISOString() }),
    ],
  ];
  return samples.map(([kind, composed]) => ({ kind, subject: composed.subject, text: composed.text }));
}

/** `PUT /api/notification-settings`: every kind's switch, audit-logged. */
export async function saveNotificationSettings(deps: Deps, actor: AdminActor, settings: NotificationSettings): Promise<NotificationSettings> {
  await deps.writeTransaction(async (trx) => {
    for (const kind of notificationKinds) await repository.setEnabled(trx, kind, settings[kind]);
    const summary = notificationKinds.map((kind) => `${kind} ${settings[kind] ? 'on' : 'off'}`).join(', ');
    await writeAudit(trx, actor, { action: 'notification-settings.changed', detail: summary });
  });
  return readNotificationSettings(deps);
}

/**
 * Writes messages to the outbox in the transaction of the event that causes them (decision 047),
 * with one audit row for the lot (how many of each kind); each message has its own audit row,
 * kind and recipient, when it is sent. With no actor (the school day's end) the row is the portal's own.
 */
export async function enqueueMessages(trx: Executor, actor: Actor | null, messages: NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await repository.enqueue(trx, messages, nowIso());
  const kinds = [...new Set(messages.map((message) => message.kind))];
  const counted = kinds.map((kind) => `${messages.filter((message) => message.kind === kind).length} ${kind}`).join(', ');
  const students = new Set(messages.map((message) => message.student_id));
  const entry = { action: 'notification.queued' as const, studentId: students.size === 1 ? [...students][0] : null, detail: `${counted} messages` };
  if (actor) await writeAudit(trx, actor, entry);
  else await repository.systemAudit(trx, { ...entry, at: nowIso(), by: 'school day end' });
}

const reportEvent = (year: number, term: string) => `term-reports.posted:${year}:${term}`;

/**
 * A term posted: one message to each of its students with an e-mail and to her parents' or
 * guardian's (by living status), if the school sends report-card notices. Pass the posting's transaction.
 */
export async function notifyReportsPosted(
  trx: Executor,
  deps: Pick<Deps, 'config'>,
  actor: Actor,
  { year, term }: { year: number; term: string },
): Promise<number> {
  if (!(await repository.isEnabled(trx, 'report_posted'))) return 0;
  const students = await repository.termStudents(trx, year, term);
  const families = await repository.familiesOf(
    trx,
    students.map((student) => student.id),
  );
  const messages = students.flatMap((student) => {
    const composed = reportPostedMessage(deps.config, { firstName: String(student.first_name ?? ''), year, term });
    return recipientsOf(student, families.get(student.id) ?? noFamily, { student: true, kind: 'report_posted' }).map((recipient) => ({
      kind: 'report_posted',
      ...recipient,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: reportEvent(year, term),
      student_id: student.id,
    }));
  });
  await enqueueMessages(trx, actor, messages);
  return messages.length;
}

/** A term withdrawn: its report-card messages not yet sent are cancelled. Pass the withdrawal's transaction. */
export async function cancelReportsPosted(trx: Executor, { year, term }: { year: number; term: string }): Promise<number> {
  return repository.cancelEvent(trx, reportEvent(year, term));
}

/** The steps a reminder names: every data step and Documents not yet done. */
const stepsBeforeComplete = progressSteps.filter((step) => step.key !== 'submit');

/**
 * `POST /api/registration-reminders`: a reminder to each student who has not finished while her
 * form level is open, and to the parents she lives with. A dry run only counts them; a send writes
 * the messages and an audit row in one transaction, and is refused while reminders are switched off.
 */
export async function sendRegistrationReminders(deps: Deps, actor: AdminActor, { dry_run }: { dry_run: boolean }): Promise<RegistrationRemindersAnswer> {
  const compose = async (db: Executor) => {
    const students = await repository.unfinishedStudents(db, nowIso());
    const families = await repository.familiesOf(
      db,
      students.map((student) => student.id),
    );
    const messages = students.flatMap((student) => {
      const stepsToDo = stepsBeforeComplete.filter((step) => Number(student[step.key]) !== 1).map((step) => step.label);
      const deadline = student.deadline ? utcToZonedLocal(student.deadline, deps.config.schoolTimeZone).replace('T', ' at ') : null;
      const composed = registrationReminderMessage(deps.config, {
        firstName: String(student.first_name ?? ''),
        stepsToDo: stepsToDo.length > 0 ? stepsToDo : ['Complete'],
        deadline,
      });
      return recipientsOf(student, families.get(student.id) ?? noFamily, { student: true, kind: 'reminders' }).map((recipient) => ({
        kind: 'reminders',
        ...recipient,
        subject: composed.subject,
        text_body: composed.text,
        html_body: composed.html,
        event: 'registration-reminders',
        student_id: student.id,
      }));
    });
    return { students: new Set(messages.map((message) => message.student_id)).size, messages };
  };
  if (dry_run) {
    const { students, messages } = await compose(deps.db);
    return { dry_run, students, recipients: messages.length };
  }
  return deps.writeTransaction(async (trx) => {
    if (!(await repository.isEnabled(trx, 'reminders'))) throw new Conflict(messages.remindersOff);
    const { students, messages: outgoing } = await compose(trx);
    await enqueueMessages(trx, actor, outgoing);
    await writeAudit(trx, actor, { action: 'registration-reminders.sent', detail: `${students} students, ${outgoing.length} messages` });
    return { dry_run, students, recipients: outgoing.length };
  });
}

/** What a stop link's token is worth today: what it stops, or why it stops nothing. */
async function readStopLink(deps: Deps, token: string): Promise<{ state: 'invalid' | 'expired' } | { state: 'valid'; stop: StopRequest }> {
  const stop = readStopToken(await serverSecret(deps.db), token);
  if (!stop) return { state: 'invalid' };
  if (stopLinkExpired(stop, zonedDay(new Date(), deps.config.schoolTimeZone))) return { state: 'expired' };
  return { state: 'valid', stop };
}

/**
 * `GET /api/notifications/stop?token=…`: whether a parent's stop link is good, for the page that
 * asks her to confirm with its button (decision 058): opening the link stops nothing, so a mail
 * scanner that follows it changes nothing.
 */
export async function stopLinkState(deps: Deps, token: string): Promise<'valid' | 'invalid' | 'expired'> {
  return (await readStopLink(deps, token)).state;
}

/**
 * `POST /api/notifications/stop?token=…`: a parent's stop of absence messages about one student to
 * her address, with no sign-in (decisions 047 and 058), from the button of the link's page. The
 * signed token names both and the school year of its message, with which it expires; a second
 * click changes nothing.
 */
export async function stopAbsenceMessages(deps: Deps, actor: Actor, token: string): Promise<'stopped' | 'invalid' | 'expired'> {
  const read = await readStopLink(deps, token);
  if (read.state !== 'valid') return read.state;
  const { stop } = read;
  await deps.writeTransaction(async (trx) => {
    await repository.addStop(trx, { student_id: stop.studentId, recipient: stop.recipient, kind: 'absence', stopped_at: nowIso() });
    await repository.cancelQueuedTo(trx, { studentId: stop.studentId, recipient: stop.recipient, kind: 'absence' });
    await writeAudit(trx, actor, { action: 'notification.stopped', studentId: stop.studentId, detail: `absence to ${stop.recipient}` });
  });
  return 'stopped';
}

/** `GET /api/notification-stops/{student id}`: who stopped which messages about the student, for her page. */
export async function notificationStopsOf(deps: Deps, studentId: string): Promise<NotificationStops> {
  return (await repository.stopsOf(deps.db, studentId)).map((row) => ({
    recipient: row.recipient,
    kind: row.kind as NotificationKind,
    stopped_at: row.stopped_at,
  }));
}
