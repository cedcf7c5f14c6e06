import { studentColumns, type StudentRecord } from '@school/contract';
import { objectPicker } from '../../db/row-maker.ts';
import type { StudentRow } from './repository.ts';

/** Made in one go: an autosave answers the record each time, and its 110 fields set one by one took longer than writing them out. */
const pickRecord = objectPicker([
  ['id', 'id'],
  ['student_id', 'id'],
  ['updatedAt', 'updated_at'],
  ...studentColumns.map((column) => [column, column] as const),
]);

/** The record as the API shows it: the spec's fields, `student_id` and `updatedAt`; nothing else. */
export function presentStudentRecord(row: StudentRow): StudentRecord & { student_id: string } {
  return pickRecord(row) as StudentRecord & { student_id: string };
}
