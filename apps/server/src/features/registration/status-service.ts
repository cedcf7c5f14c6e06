import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database.ts';
import { utcToZonedLocal, zonedLocalToUtc } from '../../lib/time-zone.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { adminName } from '../auth/service.ts';
import { registrationRepository } from './repository.ts';
import { registrationWindow } from './registration-window.ts';

export async function windowForFormLevel(app: FastifyInstance, formLevel: number) {
  return registrationWindow(await registrationRepository.findStatus(app.db, formLevel), app.settings.schoolTimeZone);
}

/** Every form level's window, with the deadline also as the school's wall-clock time for the editor. */
export async function listRegistrationStatuses(app: FastifyInstance) {
  const zone = app.settings.schoolTimeZone;
  return (await registrationRepository.listStatuses(app.db)).map((status) => ({
    ...registrationWindow(status, zone),
    deadline_local: status.deadline ? utcToZonedLocal(status.deadline, zone) : null,
    time_zone: zone,
  }));
}

/** An admin opens or closes a form level and sets its deadline (school time); students see it at once. */
export async function updateRegistrationStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  formLevel: number,
  input: { open: 0 | 1; deadline_local: string | null },
) {
  const zone = app.settings.schoolTimeZone;
  const deadline = input.deadline_local ? zonedLocalToUtc(input.deadline_local, zone) : null;
  const actor = await adminName(app, request);
  await app.writeTransaction(async (trx) => {
    await registrationRepository.saveStatus(trx, { form_level: formLevel, open: input.open, deadline, updated_at: nowIso() });
    await writeAudit(trx, {
      actorKind: 'admin',
      actorId: actor,
      action: 'registration.status-updated',
      ip: request.ip,
      detail: `Form ${formLevel}: ${input.open ? 'open' : 'closed'}, deadline ${input.deadline_local ?? 'none'} (${zone})`,
    });
  });
  const status = await registrationRepository.findStatus(app.db, formLevel);
  return { ...registrationWindow(status, zone), deadline_local: input.deadline_local, time_zone: zone };
}
