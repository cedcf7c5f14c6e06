import type { Insertable } from 'kysely';
import type { AuditAction, NotificationKind } from '@school/contract';
import type { DialectName, Executor } from '../../db/database.ts';
import { claimableRows } from '../../db/dialect.ts';
import type { OutboxTable } from '../../db/schema.ts';
import { addressFields, type Family } from './recipients.ts';

/** A message to write to the outbox. */
export type NewMessage = Pick<Insertable<OutboxTable>, 'kind' | 'recipient' | 'subject' | 'text_body' | 'html_body' | 'event' | 'student_id' | 'guardian_id'>;

/** SQLite takes at most 32,766 values a statement: 1,000 messages of 12 columns stay below it. */
const BATCH = 1000;

const listed = [
  'outbox.id',
  'outbox.kind',
  'outbox.recipient',
  'outbox.subject',
  'outbox.status',
  'outbox.attempts',
  'outbox.created_at',
  'outbox.sent_at',
  'outbox.last_error',
  'guardians.display_name as guardian_name',
] as const;

export const notificationsRepository = {
  /** Writes messages to the outbox, queued and due at once; pass the transaction of the event that causes them. */
  async enqueue(db: Executor, messages: NewMessage[], now: string) {
    for (let start = 0; start < messages.length; start += BATCH) {
      const rows = messages.slice(start, start + BATCH).map((message) => ({
        ...message,
        guardian_id: message.guardian_id ?? null,
        status: 'queued' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      }));
      await db.insertInto('outbox').values(rows).execute();
    }
  },

  /**
   * Takes up to `limit` due messages for this process (decision 047): queued ones whose time has
   * come, and sending ones whose sender's lease ran out (it stopped without saying how it went).
   * They are `sending` until `leaseUntil`.
   */
  claimDue(db: Executor, dialect: DialectName, { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number }) {
    const due = db
      .selectFrom('outbox')
      .select('id')
      .where('status', 'in', ['queued', 'sending'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    return db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        first_attempt_at: eb.fn.coalesce('first_attempt_at', eb.val(now)),
        next_attempt_at: leaseUntil,
      }))
      .where('id', 'in', claimableRows(due, dialect))
      .returning(['id', 'kind', 'recipient', 'subject', 'text_body', 'html_body', 'attempts', 'first_attempt_at', 'student_id'])
      .execute();
  },

  /**
   * The message went out: marked, with its audit row (the portal's own, naming kind and recipient,
   * never the body). Marking it again (a try whose commit went through though its answer was lost)
   * changes nothing and adds no second audit row.
   */
  async markSent(db: Executor, message: { id: number; kind: string; recipient: string; student_id: string | null }, now: string) {
    const marked = await db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: now, last_error: null })
      .where('id', '=', message.id)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    await notificationsRepository.systemAudit(db, {
      at: now,
      by: 'mail sender',
      action: 'notification.sent',
      studentId: message.student_id,
      detail: `${message.kind} to ${message.recipient}`,
    });
  },

  /** An audit row of the portal's own (the mail sender, the school day's end), with no request behind it. */
  async systemAudit(db: Executor, entry: { at: string; by: string; action: AuditAction; studentId: string | null | undefined; detail: string }) {
    await db
      .insertInto('audit_log')
      .values({
        at: entry.at,
        actor_kind: 'system',
        actor_id: entry.by,
        action: entry.action,
        student_id: entry.studentId ?? null,
        ip: null,
        detail: entry.detail,
        request_id: null,
      })
      .execute();
  },

  /** The message did not go out: tried again at `nextAttemptAt`, or failed for good when that is null. */
  async markUnsent(db: Executor, id: number, { error, nextAttemptAt, now }: { error: string; nextAttemptAt: string | null; now: string }) {
    await db
      .updateTable('outbox')
      .set(
        nextAttemptAt ? { status: 'queued', next_attempt_at: nextAttemptAt, last_error: error } : { status: 'failed', next_attempt_at: now, last_error: error },
      )
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  },

  /**
   * With SQLite the portal is one process: a message `sending` at start-up was being sent when the
   * process stopped, and is due again at once (it may have gone out: decision 047).
   */
  async releaseAll(db: Executor, now: string) {
    await db.updateTable('outbox').set({ status: 'queued', next_attempt_at: now }).where('status', '=', 'sending').execute();
  },

  /** Messages a stopping sender took but did not begin: due again at once. */
  async release(db: Executor, ids: number[], now: string) {
    if (ids.length === 0) return;
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'queued', next_attempt_at: now, attempts: eb('attempts', '-', 1) }))
      .where('id', 'in', ids)
      .where('status', '=', 'sending')
      .execute();
  },

  /** Cancels an event's messages not yet taken by a sender (a withdrawn term's). */
  async cancelEvent(db: Executor, event: string) {
    const result = await db.updateTable('outbox').set({ status: 'cancelled' }).where('event', '=', event).where('status', '=', 'queued').executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** A failed or cancelled message queued again from the start (the admin's 'Send again'). */
  async requeue(db: Executor, id: number, now: string) {
    const result = await db
      .updateTable('outbox')
      .set({ status: 'queued', attempts: 0, first_attempt_at: null, next_attempt_at: now, last_error: null })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'cancelled'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** One page of messages, newest first, with how many match. `sending` reads as queued. */
  /** A page of messages, newest first; `hidden` kinds (those the reader may not see) left out. */
  async page(db: Executor, { status, kind, offset, limit, hidden = [] }: { status?: string; kind?: string; offset: number; limit: number; hidden?: string[] }) {
    const statuses = status === 'queued' ? ['queued', 'sending'] : status ? [status] : undefined;
    const filtered = db
      .selectFrom('outbox')
      .$if(statuses !== undefined, (query) => query.where('status', 'in', statuses as OutboxTable['status'][]))
      .$if(kind !== undefined, (query) => query.where('kind', '=', kind as string))
      .$if(hidden.length > 0, (query) => query.where('kind', 'not in', hidden));
    const [items, count] = await Promise.all([
      filtered
        .leftJoin('guardians', 'guardians.id', 'outbox.guardian_id')
        .select(listed)
        .orderBy('outbox.created_at', 'desc')
        .orderBy('outbox.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  },

  /** One message with its bodies, unless it is of a `hidden` kind. */
  message(db: Executor, id: number, hidden: string[] = []) {
    return db
      .selectFrom('outbox')
      .leftJoin('guardians', 'guardians.id', 'outbox.guardian_id')
      .select([...listed, 'outbox.event', 'outbox.text_body', 'outbox.html_body'])
      .where('outbox.id', '=', id)
      .$if(hidden.length > 0, (query) => query.where('kind', 'not in', hidden))
      .executeTakeFirst();
  },

  /**
   * The families of these students (decision 064): for each with a live link, whether she has one
   * (a restricted link counts) and her guardians with a live, unrestricted link and an open account,
   * with their addresses and the message kinds they want. A student with no live link is absent.
   */
  async familiesOf(db: Executor, studentIds: readonly string[]): Promise<Map<string, Family>> {
    const families = new Map<string, Family>();
    for (let start = 0; start < studentIds.length; start += BATCH) {
      const rows = await db
        .selectFrom('guardian_links')
        .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
        .select(['guardian_links.student_id', 'guardian_links.restricted', 'guardians.id', 'guardians.email', 'guardians.message_kinds', 'guardians.disabled'])
        .where('guardian_links.student_id', 'in', studentIds.slice(start, start + BATCH))
        .where('guardian_links.revoked_at', 'is', null)
        .orderBy('guardian_links.id')
        .execute();
      for (const row of rows) {
        const family = families.get(row.student_id) ?? { linked: true, guardians: [] };
        families.set(row.student_id, family);
        if (Number(row.restricted) === 0 && Number(row.disabled) === 0)
          family.guardians.push({ guardianId: Number(row.id), email: row.email, kinds: row.message_kinds.split(',').filter(Boolean) });
      }
    }
    return families;
  },

  /** The students of a term (a summary or an uploaded card), with their first name and the fields their addresses come from. */
  termStudents(db: Executor, year: number, term: string) {
    return db
      .selectFrom('students')
      .select(['id', 'first_name', ...addressFields])
      .where((eb) =>
        eb.or([
          eb('id', 'in', eb.selectFrom('term_summaries').select('term_summaries.student_id').where('year', '=', year).where('term', '=', term)),
          eb('id', 'in', eb.selectFrom('report_card_files').select('report_card_files.student_id').where('year', '=', year).where('term', '=', term)),
        ]),
      )
      .orderBy('id')
      .execute();
  },

  /**
   * Students who have not finished registering while their form level is open (its deadline not
   * passed), with their progress, their form level's deadline and the fields their addresses come from.
   */
  unfinishedStudents(db: Executor, now: string) {
    return db
      .selectFrom('students as s')
      .innerJoin('form_progress as p', 'p.student_id', 's.id')
      .innerJoin('form_classes as c', 'c.id', 's.class_id')
      .innerJoin('registration_status as r', 'r.form_level', 'c.form_level')
      .select(['s.id', 's.first_name', ...addressFields.map((field) => `s.${field}` as const)])
      .select(['p.studentData', 'p.familyData', 'p.healthData', 'p.otherData', 'p.documents', 'r.deadline'])
      .where('p.submit', '=', 0)
      .where('r.open', '=', 1)
      .where((eb) => eb.or([eb('r.deadline', 'is', null), eb('r.deadline', '>', now)]))
      .orderBy('s.id')
      .execute();
  },

  /** A parent's stop of a kind of message about a student (a second click changes nothing). */
  async addStop(db: Executor, stop: { student_id: string; recipient: string; kind: NotificationKind; stopped_at: string }) {
    await db
      .insertInto('notification_stops')
      .values(stop)
      .onConflict((conflict) => conflict.columns(['student_id', 'recipient', 'kind']).doNothing())
      .execute();
  },

  /** The stops of a student's messages, oldest first. */
  stopsOf(db: Executor, studentId: string) {
    return db.selectFrom('notification_stops').select(['recipient', 'kind', 'stopped_at']).where('student_id', '=', studentId).orderBy('stopped_at').execute();
  },

  /** Queued messages of a kind about a student to one address, cancelled (a stop takes effect at once). */
  async cancelQueuedTo(db: Executor, { studentId, recipient, kind }: { studentId: string; recipient: string; kind: NotificationKind }) {
    await db
      .updateTable('outbox')
      .set({ status: 'cancelled' })
      .where('student_id', '=', studentId)
      .where('recipient', '=', recipient)
      .where('kind', '=', kind)
      .where('status', '=', 'queued')
      .execute();
  },

  /** Whether anybody's scans were recorded on a date: a day without any is not a day of absences. */
  async anyRecordOn(db: Executor, date: string) {
    return (await db.selectFrom('attendance_records').select('id').where('date_scanned', '=', date).limit(1).executeTakeFirst()) !== undefined;
  },

  /** The students of the school on a date (not left by then), with their first name and the fields their addresses come from. */
  studentsOn(db: Executor, date: string) {
    return db
      .selectFrom('students')
      .select(['id', 'first_name', ...addressFields])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('student_leavers')
              .select('student_leavers.student_id')
              .whereRef('student_leavers.student_id', '=', 'students.id')
              .where('left_on', '<=', date),
          ),
        ),
      )
      .orderBy('id')
      .execute();
  },

  /** One student's first name and the fields her addresses come from; undefined when she is gone. */
  studentToTell(db: Executor, studentId: string) {
    return db
      .selectFrom('students')
      .select(['id', 'first_name', ...addressFields])
      .where('id', '=', studentId)
      .executeTakeFirst();
  },

  /** Every student's day record of a date. */
  recordsOn(db: Executor, date: string) {
    return db
      .selectFrom('attendance_records')
      .select(['student_id', 'attendance_am', 'attendance_pm', 'late', 'time_in'])
      .where('date_scanned', '=', date)
      .execute();
  },

  /** What each student's parents were told of a date. */
  noticesOn(db: Executor, date: string) {
    return db.selectFrom('absence_notices').select(['student_id', 'state', 'corrected']).where('date', '=', date).execute();
  },

  /** Every stop of absence messages. */
  absenceStops(db: Executor) {
    return db.selectFrom('notification_stops').select(['student_id', 'recipient']).where('kind', '=', 'absence').execute();
  },

  /** Records that these students' parents are told of a date; answers the students no other event told first. */
  async addNotices(db: Executor, date: string, notices: Array<{ student_id: string; state: string }>): Promise<string[]> {
    const added: string[] = [];
    for (let start = 0; start < notices.length; start += BATCH) {
      const rows = notices.slice(start, start + BATCH).map((notice) => ({ ...notice, date, corrected: 0 }));
      const inserted = await db
        .insertInto('absence_notices')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['student_id', 'date']).doNothing())
        .returning('student_id')
        .execute();
      added.push(...inserted.map((row) => row.student_id));
    }
    return added;
  },

  /** A student's day told again as corrected, if it still reads `from` and was never corrected. */
  async correctNotice(db: Executor, { student_id, date, from, to }: { student_id: string; date: string; from: string; to: string }) {
    const result = await db
      .updateTable('absence_notices')
      .set({ state: to, corrected: 1 })
      .where('student_id', '=', student_id)
      .where('date', '=', date)
      .where('state', '=', from)
      .where('corrected', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Takes a school day for its absence messages; false when it was taken before. */
  async claimDay(db: Executor, date: string, now: string) {
    const taken = await db
      .insertInto('absence_days')
      .values({ date, done_at: now })
      .onConflict((conflict) => conflict.column('date').doNothing())
      .returning('date')
      .execute();
    return taken.length === 1;
  },

  /** Which of these dates a process has taken. */
  async claimedDays(db: Executor, dates: string[]) {
    if (dates.length === 0) return new Set<string>();
    return new Set((await db.selectFrom('absence_days').select('date').where('date', 'in', dates).execute()).map((row) => row.date));
  },

  /** Every enabled admin account but `except`, with her address for security notices (null for none). */
  adminsToTell(db: Executor, except: number | null) {
    return db
      .selectFrom('admin_users')
      .select(['id', 'username', 'email'])
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .where('id', '!=', except ?? -1)
      .orderBy('id')
      .execute();
  },

  /** A staff account's address for her security notices. */
  async staffEmail(db: Executor, adminId: number) {
    return (await db.selectFrom('admin_users').select('email').where('id', '=', adminId).executeTakeFirst())?.email ?? null;
  },

  /** Whether the account has signed in from any browser since notices began. */
  async anyDeviceOf(db: Executor, adminId: number) {
    return (await db.selectFrom('staff_devices').select('device').where('admin_id', '=', adminId).limit(1).executeTakeFirst()) !== undefined;
  },

  /** A browser the account used since `cutoff` marked seen now; false when it is not such a one. */
  async touchKnownDevice(db: Executor, { adminId, device, now, cutoff }: { adminId: number; device: string; now: string; cutoff: string }) {
    const result = await db
      .updateTable('staff_devices')
      .set({ last_seen_at: now })
      .where('admin_id', '=', adminId)
      .where('device', '=', device)
      .where('last_seen_at', '>=', cutoff)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * A browser recorded as seen now, if it is new or was last seen before `cutoff`; false when a
   * sign-in at the same time recorded it first (on PostgreSQL the second waits for the first).
   */
  async addDevice(db: Executor, { adminId, device, now, cutoff }: { adminId: number; device: string; now: string; cutoff: string }) {
    const written = await db
      .insertInto('staff_devices')
      .values({ admin_id: adminId, device, last_seen_at: now })
      .onConflict((conflict) => conflict.columns(['admin_id', 'device']).doUpdateSet({ last_seen_at: now }).where('staff_devices.last_seen_at', '<', cutoff))
      .returning('device')
      .execute();
    return written.length === 1;
  },

  /** Every kind's switch. */
  settings(db: Executor) {
    return db.selectFrom('notification_settings').select(['kind', 'enabled']).execute();
  },

  /** Whether the school sends this kind. */
  async isEnabled(db: Executor, kind: NotificationKind) {
    const row = await db.selectFrom('notification_settings').select('enabled').where('kind', '=', kind).executeTakeFirst();
    return row?.enabled === 1;
  },

  async setEnabled(db: Executor, kind: NotificationKind, enabled: boolean) {
    await db
      .insertInto('notification_settings')
      .values({ kind, enabled: enabled ? 1 : 0 })
      .onConflict((conflict) => conflict.column('kind').doUpdateSet({ enabled: enabled ? 1 : 0 }))
      .execute();
  },
};
