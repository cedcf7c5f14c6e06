import { classBoundRoles, healthAlertConditions, type HealthAlerts } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { auditRead } from '../audit/index.ts';
import { studentsRepository } from './repository.ts';

/**
 * The staff table's rows, newest change first, with only the fields the table shows; each read is
 * audited. A teacher's table holds her classes' students, with their names and class only
 * (decision 048): the date of birth and the birth certificate are not hers to see. A leaver's row has the day she left.
 */
export async function listStudents(deps: Deps, actor: AdminActor) {
  const classBound = classBoundRoles.includes(actor.role);
  await auditRead(deps, actor, { action: 'students.list-viewed', detail: classBound ? `classes: ${actor.classes.join(', ')}` : null });
  return (await studentsRepository.listForTable(deps.db, classBound ? actor.classes : null)).map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    class_id: row.class_id,
    date_of_birth: classBound ? null : row.date_of_birth,
    birth_certificate_no: classBound ? null : row.birth_certificate_no,
    updatedAt: row.updated_at,
    ...(row.left_on ? { left_on: row.left_on } : {}),
  }));
}

/**
 * `GET /api/health-alerts/{class_id}`: for each student of the class, the condition switches that
 * are on, her allergies and her emergency contact — nothing else of her record. Audited.
 */
export async function healthAlerts(deps: Deps, actor: AdminActor, classId: string): Promise<HealthAlerts> {
  await auditRead(deps, actor, { action: 'health-alerts.viewed', detail: `class ${classId}` });
  const rows = await studentsRepository.healthAlerts(deps.db, classId);
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    class_id: row.class_id,
    conditions: healthAlertConditions.filter((name) => Number(row[name]) === 1),
    allergy: row.allergy || null,
    emergency_contact: row.emergency_contact || null,
    emergency_home_phone: row.emergency_home_phone || null,
  }));
}
