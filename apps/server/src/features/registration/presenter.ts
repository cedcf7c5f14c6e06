import { completenessSteps, progressFlags, studentColumns, type CompletenessStepKey, type Progress, type StudentRecord } from '@school/contract';
import { objectPicker } from '../../db/row-maker.ts';
import { reviewedColumnOf, type ProgressRow } from './progress-columns.ts';
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

/** A kept day (yyyymmdd) as 'yyyy-MM-dd', or null for none. */
export const presentDay = (day: number | undefined): string | null => {
  if (!day) return null;
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
};

/** The progress as the API shows it: each stored flag and reviewed mark, 0 where there is none. */
export function presentProgress(progress: Partial<ProgressRow> | undefined): Progress {
  const reviewed = Object.fromEntries(completenessSteps.map(({ key }) => [key, progress?.[reviewedColumnOf(key)] ?? 0])) as Record<CompletenessStepKey, number>;
  return { ...progressFlags((key) => progress?.[key] ?? 0), reviewed };
}
