import { healthAlertConditions, type HealthAlerts } from '@school/contract';
import type { studentsRepository } from './repository.ts';

type TableRow = Awaited<ReturnType<typeof studentsRepository.listForTable>>[number];
type HealthAlertRow = Awaited<ReturnType<typeof studentsRepository.healthAlerts>>[number];

/**
 * A row of the staff table: a teacher (`classBound`) sees names and class only (decision 048), and
 * whether the girl has a linked guardian, never who; a leaver's row has the day she left.
 */
export const presentTableRow = (row: TableRow, classBound: boolean) => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  class_id: row.class_id,
  date_of_birth: classBound ? null : row.date_of_birth,
  birth_certificate_no: classBound ? null : row.birth_certificate_no,
  updatedAt: row.updated_at,
  has_guardian: Boolean(Number(row.has_guardian)),
  ...(row.left_on ? { left_on: row.left_on } : {}),
});

/** A student's health alert: the condition switches that are on, her allergies and her emergency contact, nothing else of her record. */
export const presentHealthAlert = (row: HealthAlertRow): HealthAlerts[number] => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  class_id: row.class_id,
  conditions: healthAlertConditions.filter((name) => Number(row[name]) === 1),
  allergy: row.allergy || null,
  emergency_contact: row.emergency_contact || null,
  emergency_home_phone: row.emergency_home_phone || null,
});
