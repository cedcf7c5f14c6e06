import { classBoundRoles, type HealthAlerts } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { auditRead } from '../audit/index.ts';
import { presentHealthAlert, presentTableRow } from './presenter.ts';
import { studentsRepository } from './repository.ts';

/**
 * The staff table's rows, newest change first, with only the fields the table shows; each read is
 * audited. A teacher's table holds her classes' students, with their names and class only
 * (decision 048): the date of birth and the birth certificate are not hers to see. A leaver's row has the day she left.
 */
export async function listStudents(deps: Deps, actor: AdminActor) {
  const classBound = classBoundRoles.includes(actor.role);
  await auditRead(deps, actor, { action: 'students.list-viewed', detail: classBound ? `classes: ${actor.classes.join(', ')}` : null });
  return (await studentsRepository.listForTable(deps.db, classBound ? actor.classes : null)).map((row) => presentTableRow(row, classBound));
}

/**
 * `GET /api/health-alerts/{class_id}`: for each student of the class, the condition switches that
 * are on, her allergies and her emergency contact — nothing else of her record. Audited.
 */
export async function healthAlerts(deps: Deps, actor: AdminActor, classId: string): Promise<HealthAlerts> {
  await auditRead(deps, actor, { action: 'health-alerts.viewed', detail: `class ${classId}` });
  const rows = await studentsRepository.healthAlerts(deps.db, classId);
  return rows.map(presentHealthAlert);
}
