import type { Deps } from '../../lib/deps.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { absenceMessage, type DayState } from './message-kinds.ts';
import { noFamily, recipientsOf } from './recipients.ts';
import { notificationsRepository as repository, type NewMessage } from './repository.ts';
import { enqueueMessages } from './service.ts';
import { schoolYearOf, stopLink } from './stop-links.ts';

/** A student's day from her record (none: she never came): absent, arrived late or after midday, or present. */
export function dayStateOf(record: { attendance_am: number; attendance_pm: number; late: number; time_in: string | null } | undefined): DayState {
  if (!record || (record.attendance_am !== 1 && record.attendance_pm !== 1) || !record.time_in) return { kind: 'absent' };
  if (record.late === 1 || record.attendance_am !== 1) return { kind: 'arrived', time: record.time_in.slice(0, 5) };
  return { kind: 'present' };
}

/** The state as the notices table keeps it. */
const stored = (state: DayState) => (state.kind === 'arrived' ? `arrived ${state.time}` : state.kind);

/**
 * A school day's attendance recorded (decision 047): each student absent or late that day gets one
 * message to the parents or guardian she lives with, with the stop link, and one correction at most
 * when her day changes after it. Addresses that stopped absence messages about her are skipped.
 * Nothing while the school has absence messages switched off, or when nobody's scans were recorded
 * that day. Pass the transaction of the event (the day's end, or an import); `actor` null for the day's end.
 */
export async function notifyAbsenceDay(trx: Executor, deps: Pick<Deps, 'config'>, secret: Buffer, actor: Actor | null, date: string): Promise<number> {
  if (!(await repository.isEnabled(trx, 'absence'))) return 0;
  if (!(await repository.anyRecordOn(trx, date))) return 0;
  const students = await repository.studentsOn(trx, date);
  const records = await repository.recordsOn(trx, date);
  const notices = await repository.noticesOn(trx, date);
  const stops = await repository.absenceStops(trx);
  const recordOf = new Map(records.map((record) => [record.student_id, record]));
  const noticeOf = new Map(notices.map((notice) => [notice.student_id, notice]));
  const stopped = new Set(stops.map((stop) => `${stop.student_id} ${stop.recipient.toLowerCase()}`));
  const first: Array<{ id: string; state: DayState }> = [];
  const corrections: Array<{ id: string; state: DayState }> = [];
  for (const student of students) {
    const state = dayStateOf(recordOf.get(student.id));
    const notice = noticeOf.get(student.id);
    if (!notice) {
      if (state.kind !== 'present') first.push({ id: student.id, state });
    } else if (notice.corrected === 0 && notice.state !== stored(state)) corrections.push({ id: student.id, state });
  }
  // Written with conditions, so that two events of the same day never tell a student's parents twice.
  const told = new Set(
    await repository.addNotices(
      trx,
      date,
      first.map(({ id, state }) => ({ student_id: id, state: stored(state) })),
    ),
  );
  const corrected = new Set<string>();
  for (const { id, state } of corrections) {
    const previous = noticeOf.get(id)!.state;
    if (await repository.correctNotice(trx, { student_id: id, date, from: previous, to: stored(state) })) corrected.add(id);
  }
  const byId = new Map(students.map((student) => [student.id, student]));
  const families = await repository.familiesOf(trx, [...told, ...corrected]);
  const messages: NewMessage[] = [];
  for (const { id, state, correction } of [
    ...first.filter(({ id }) => told.has(id)).map((item) => ({ ...item, correction: false })),
    ...corrections.filter(({ id }) => corrected.has(id)).map((item) => ({ ...item, correction: true })),
  ]) {
    const student = byId.get(id)!;
    for (const { recipient, guardian_id } of recipientsOf(student, families.get(id) ?? noFamily, { student: false, kind: 'absence' })) {
      if (stopped.has(`${id} ${recipient.toLowerCase()}`)) continue;
      const composed = absenceMessage(deps.config, {
        firstName: String(student.first_name ?? ''),
        date,
        state,
        correction,
        stopLink: stopLink(deps.config.portalUrl, secret, { studentId: id, recipient, schoolYear: schoolYearOf(date) }),
      });
      messages.push({
        kind: 'absence',
        recipient,
        subject: composed.subject,
        text_body: composed.text,
        html_body: composed.html,
        event: `attendance.day:${date}`,
        student_id: id,
        guardian_id,
      });
    }
  }
  await enqueueMessages(trx, actor, messages);
  return messages.length;
}

/**
 * Takes each ended school day not taken before for its absence messages, once among every process
 * (a row keyed by the date), and writes them in the same transaction. A day is taken even while the
 * messages are switched off, so that switching them on never sends old days. Answers the days taken here.
 */
export async function recordSchoolDays(deps: Pick<Deps, 'config' | 'db' | 'writeTransaction'>, secret: Buffer, dates: string[]): Promise<string[]> {
  const claimed = await repository.claimedDays(deps.db, dates);
  const taken: string[] = [];
  for (const date of dates.filter((day) => !claimed.has(day))) {
    const won = await deps.writeTransaction(async (trx) => {
      if (!(await repository.claimDay(trx, date, nowIso()))) return false;
      await notifyAbsenceDay(trx, deps, secret, null, date);
      return true;
    });
    if (won) taken.push(date);
  }
  return taken;
}
