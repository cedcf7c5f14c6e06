import { consentMessages, type ConsentRemindersAnswer } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict } from '../../lib/errors.ts';
import type { AdminActor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { consentReminderMessage, enqueueMessages } from '../notifications/index.ts';
import { answerLines } from './answers-list.ts';
import { formOrNotFound, type FormView } from './forms.ts';

/** One guardian to remind: her address and the daughters she has not answered for. */
type Waiting = { guardianId: number; email: string; firstNames: string[]; studentIds: string[] };

/**
 * Who has not answered a form that still takes answers: each guardian who may answer for one of its
 * students (a live, unrestricted link, her account open) and has no answer standing, with the
 * daughters concerned; for the registration's agreement, only girls whose registration is still open.
 */
async function waitingOf(db: Executor, form: FormView): Promise<Waiting[]> {
  const { classes } = await answerLines(db, form, undefined, { stillOpen: true });
  const waiting = new Map<number, Waiting>();
  for (const { students } of classes)
    for (const { student, guardians } of students)
      for (const { guardian, answer } of guardians) {
        if (answer) continue;
        const entry = waiting.get(guardian.guardian_id) ?? { guardianId: guardian.guardian_id, email: guardian.email, firstNames: [], studentIds: [] };
        entry.firstNames.push(student.first_name ?? '');
        entry.studentIds.push(student.id);
        waiting.set(guardian.guardian_id, entry);
      }
  return [...waiting.values()];
}

/**
 * `POST /api/consents/{id}/reminders` (office, admin): a message to each guardian who has not
 * answered, naming her daughters concerned and the closing day. A dry run (the default) only counts
 * them; a send writes the messages and its audit row in one transaction. A form that no longer takes
 * answers is refused (409).
 */
export async function remindConsent(deps: Deps, actor: AdminActor, publicId: string, { dry_run }: { dry_run: boolean }): Promise<ConsentRemindersAnswer> {
  const counted = (waiting: Waiting[]) => ({
    dry_run,
    guardians: waiting.length,
    students: new Set(waiting.flatMap((entry) => entry.studentIds)).size,
    recipients: waiting.filter((entry) => entry.email).length,
  });
  const form = await formOrNotFound(deps, deps.db, publicId);
  if (!form.open) throw new Conflict(consentMessages.closedNoReminder);
  if (dry_run) return counted(await waitingOf(deps.db, form));
  return deps.writeTransaction(async (trx) => {
    const now = await formOrNotFound(deps, trx, publicId);
    if (!now.open) throw new Conflict(consentMessages.closedNoReminder);
    const waiting = await waitingOf(trx, now);
    const messages = waiting
      .filter((entry) => entry.email)
      .map((entry) => {
        const composed = consentReminderMessage(deps.config, { title: now.title, firstNames: entry.firstNames.filter(Boolean), closesOn: now.closesOn });
        return {
          kind: 'consent',
          recipient: entry.email,
          guardian_id: entry.guardianId,
          subject: composed.subject,
          text_body: composed.text,
          html_body: composed.html,
          event: `consent.reminder:${now.publicId}`,
          student_id: entry.studentIds.length === 1 ? entry.studentIds[0] : null,
        };
      });
    await enqueueMessages(trx, actor, messages);
    const answer = counted(waiting);
    await writeAudit(trx, actor, {
      action: 'consent.reminded',
      detail: `form ${now.publicId}: ${answer.guardians} parents and guardians of ${answer.students} students, ${messages.length} messages`,
    });
    return answer;
  });
}
