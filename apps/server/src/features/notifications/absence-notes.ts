import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { absenceNoteMessage, type AbsenceNoteNews } from './message-kinds.ts';
import { noFamily, recipientsOf, type Recipient } from './recipients.ts';
import { notificationsRepository as repository } from './repository.ts';
import { enqueueMessages } from './service.ts';

/** What an absence note's messages are made from (decision 065). */
export type NoteToTell = {
  publicId: string;
  studentId: string;
  from: string;
  to: string;
  sessions: 'am' | 'pm' | 'both';
  sentBy: 'guardian' | 'student';
  /** The guardian who sent it: she is not told of her own note. */
  guardianId: number | null;
  /** Who sent it, as a message names her. */
  senderName: string;
};

type School = Pick<Config, 'schoolName' | 'portalUrl' | 'officeEmail'>;

/** Messages of what a family sends the school: neither the school nor a guardian switches them off. */
const KIND = 'family_requests';

/** One message to queue: where it goes and what it tells. */
type Telling = Recipient & { news: AbsenceNoteNews };

/** Queues the messages in the caller's transaction, with one audit row for the lot (`enqueueMessages`); answers how many. */
async function queue(trx: Executor, school: School, actor: Actor, note: NoteToTell, event: string, firstName: string, tellings: Telling[]): Promise<number> {
  await enqueueMessages(
    trx,
    actor,
    tellings.map(({ recipient, guardian_id, news }) => {
      const composed = absenceNoteMessage(school, { firstName, days: note, news });
      return {
        kind: KIND,
        recipient,
        guardian_id,
        subject: composed.subject,
        text_body: composed.text,
        html_body: composed.html,
        event,
        student_id: note.studentId,
      };
    }),
  );
  return tellings.length;
}

/**
 * A note just sent (decision 065), told in its transaction: to the school office (`OFFICE_EMAIL`,
 * when set), and to the girl's family but the guardian who sent it: each other guardian with a live,
 * unrestricted link (or, while she has none, the parents' addresses of her record), so that a girl
 * who sends a note herself (where the school allows it) is not excused unseen. Answers how many.
 */
export async function notifyAbsenceNoteSent(trx: Executor, school: School, actor: Actor, note: NoteToTell, classId: string | null): Promise<number> {
  const student = await repository.studentToTell(trx, note.studentId);
  if (!student) return 0;
  const firstName = String(student.first_name ?? '');
  const family = (await repository.familiesOf(trx, [note.studentId])).get(note.studentId) ?? noFamily;
  const byStudent = note.sentBy === 'student';
  const toFamily = recipientsOf(student, family, { student: false, kind: KIND })
    .filter((recipient) => recipient.guardian_id === null || recipient.guardian_id !== note.guardianId)
    .map((recipient): Telling => ({
      ...recipient,
      news: { kind: 'sent', to: 'family', sender: note.senderName, byStudent, studentId: note.studentId, classId },
    }));
  const toOffice: Telling[] = school.officeEmail
    ? [
        {
          recipient: school.officeEmail,
          guardian_id: null,
          news: { kind: 'sent', to: 'office', sender: note.senderName, byStudent, studentId: note.studentId, classId },
        },
      ]
    : [];
  return queue(trx, school, actor, note, `absence-note.sent:${note.publicId}`, firstName, [...toOffice, ...toFamily]);
}

/**
 * The office's answer to a note (decision 065), told in its transaction: to every guardian with a
 * live, unrestricted link to the girl (or, while she has none, the parents' addresses of her
 * record), and to the girl herself when she sent it. Answers how many.
 */
export async function notifyAbsenceNoteAnswered(
  trx: Executor,
  school: School,
  actor: Actor,
  note: NoteToTell,
  status: 'accepted' | 'declined',
): Promise<number> {
  const student = await repository.studentToTell(trx, note.studentId);
  if (!student) return 0;
  const family = (await repository.familiesOf(trx, [note.studentId])).get(note.studentId) ?? noFamily;
  const byStudent = note.sentBy === 'student';
  const herOwn = byStudent && typeof student.email === 'string' ? student.email.trim().toLowerCase() : null;
  const tellings = recipientsOf(student, family, { student: byStudent, kind: KIND }).map((recipient): Telling => ({
    ...recipient,
    news: { kind: 'answered', status, toStudent: recipient.recipient.toLowerCase() === herOwn },
  }));
  return queue(trx, school, actor, note, `absence-note.answered:${note.publicId}`, String(student.first_name ?? ''), tellings);
}
