import { messages, studentFields, type FieldValue } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { auditRead } from '../audit/index.ts';
import { schoolYearRepository as repository } from './repository.ts';

/** The fields a student keeps herself: every field of the record but those the school sets (class, house); the agreement is each year's anew. */
const herFields = studentFields.filter((field) => !field.schoolOnly).map((field) => field.name);

/** Whether two stored values differ ('' and null alike: both are empty). */
const differs = (before: FieldValue | undefined, after: FieldValue | undefined) => (before ?? '') !== (after ?? '');

/** The names of her fields whose value differs between two records, in the record's order. */
export const changedFields = (before: Record<string, FieldValue>, after: Record<string, FieldValue>): string[] =>
  herFields.filter((name) => differs(before[name], after[name]));

/**
 * GET /api/student/{id}/history: each past year's registration as kept at its rollover, oldest
 * first, with the fields she changed in the following year (against the next year's snapshot, or
 * her record now for the last). Names only, never values; the view is audited.
 */
export async function studentHistory(deps: Deps, actor: AdminActor, studentId: string) {
  const current = await repository.findStudent(deps.db, studentId);
  if (!current) throw new NotFound(messages.noSuchStudent);
  await auditRead(deps, actor, { action: 'student.history-viewed', studentId });
  const years = await repository.historyOfStudent(deps.db, studentId);
  const records = years.map((entry) => JSON.parse(entry.record) as Record<string, FieldValue>);
  return years.map((entry, index) => ({
    year: Number(entry.year),
    class_id: entry.class_id,
    submitted_at: entry.submitted_on,
    changed_fields: changedFields(records[index], records[index + 1] ?? current),
  }));
}
