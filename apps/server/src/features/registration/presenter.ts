import { studentColumns, type StudentRecord } from '@school/contract';
import type { StudentRow } from './repository.ts';

/** The record as the API shows it: the spec's fields, `student_id` and `updatedAt`; nothing else. */
export function presentStudentRecord(row: StudentRow): StudentRecord & { student_id: string } {
  const record: StudentRecord & { student_id: string } = { id: row.id, student_id: row.id, updatedAt: row.updated_at };
  for (const column of studentColumns) record[column] = row[column] ?? null;
  return record;
}
