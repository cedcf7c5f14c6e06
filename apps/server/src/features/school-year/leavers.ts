import { messages } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { schoolYearRepository as repository } from './repository.ts';
import { schoolDate } from './service.ts';

/** POST /api/students/{id}/left: an admin marks one student as left today; her sessions end and she signs in no more. */
export async function markLeft(deps: Deps, actor: AdminActor, studentId: string, reason: string) {
  const leftOn = schoolDate(deps.config.schoolTimeZone);
  await deps.writeTransaction(async (trx) => {
    if (!(await repository.studentExists(trx, studentId))) throw new NotFound(messages.noSuchStudent);
    if (await repository.findLeaver(trx, studentId)) throw new Conflict(messages.alreadyLeft);
    await repository.insertLeavers(trx, [{ student_id: studentId, left_on: leftOn, reason, rollover_id: null }]);
    await repository.endSessions(trx, [studentId]);
    await writeAudit(trx, actor, { action: 'student.marked-left', studentId, detail: null });
  });
  return { message: `Marked as left on ${leftOn}.`, student_id: studentId, left_on: leftOn, reason };
}

/** DELETE /api/students/{id}/left: an admin brings a student who left back; she may sign in again. */
export async function bringBack(deps: Deps, actor: AdminActor, studentId: string) {
  await deps.writeTransaction(async (trx) => {
    if (!(await repository.studentExists(trx, studentId))) throw new NotFound(messages.noSuchStudent);
    if (!(await repository.findLeaver(trx, studentId))) throw new Conflict(messages.notLeft);
    await repository.deleteLeaver(trx, studentId);
    await writeAudit(trx, actor, { action: 'student.brought-back', studentId });
  });
  return { message: 'She is back at the school and may sign in again.' };
}
