import type { AdminActor } from '../../session/actor.ts';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { utcToZonedLocal, zonedLocalToUtc } from '../../lib/time-zone.ts';
import { writeAudit } from '../audit/index.ts';
import { registrationRepository } from './repository.ts';
import { registrationWindow } from './registration-window.ts';

/** The registration window of one form level (SPEC §7 `GET /api/student-registration/{form level}`). */
export async function windowForFormLevel(deps: Deps, formLevel: number) {
  const [status, schoolYear] = await Promise.all([registrationRepository.findStatus(deps.db, formLevel), registrationRepository.findSchoolYear(deps.db)]);
  return registrationWindow(status, deps.config.schoolTimeZone, new Date(), schoolYear);
}

/** Every form level's window, with the deadline also as the school's wall-clock time for the editor. */
export async function listRegistrationStatuses(deps: Deps) {
  const zone = deps.config.schoolTimeZone;
  const [statuses, schoolYear] = await Promise.all([registrationRepository.listStatuses(deps.db), registrationRepository.findSchoolYear(deps.db)]);
  return statuses.map((status) => ({
    ...registrationWindow(status, zone, new Date(), schoolYear),
    deadline_local: status.deadline ? utcToZonedLocal(status.deadline, zone) : null,
    time_zone: zone,
  }));
}

/** An admin opens or closes a form level and sets its deadline (school time); students see it at once. */
export async function updateRegistrationStatus(
  deps: Deps,
  actor: AdminActor,
  { formLevel, ...input }: { formLevel: number; open: 0 | 1; deadline_local: string | null },
) {
  const zone = deps.config.schoolTimeZone;
  const deadline = input.deadline_local ? zonedLocalToUtc(input.deadline_local, zone) : null;
  await deps.writeTransaction(async (trx) => {
    await registrationRepository.saveStatus(trx, { form_level: formLevel, open: input.open, deadline, updated_at: nowIso() });
    await writeAudit(trx, actor, {
      action: 'registration.status-updated',
      detail: `Form ${formLevel}: ${input.open ? 'open' : 'closed'}, deadline ${input.deadline_local ?? 'none'} (${zone})`,
    });
  });
  const [status, schoolYear] = await Promise.all([registrationRepository.findStatus(deps.db, formLevel), registrationRepository.findSchoolYear(deps.db)]);
  return { ...registrationWindow(status, zone, new Date(), schoolYear), deadline_local: input.deadline_local, time_zone: zone };
}
