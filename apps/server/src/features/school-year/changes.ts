import {
  academicYearLabel,
  fieldByName,
  fieldHeader,
  messages,
  shownFieldValue,
  type CodeNames,
  type FieldDef,
  type FieldValue,
  type StudentChanges,
} from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { auditRead } from '../audit/index.ts';
import { referenceLabels } from '../reference/index.ts';
import { changedFields } from './history.ts';
import { schoolYearRepository as repository } from './repository.ts';

/** A value as the page shows it, in words (Yes/No, names for codes, the 1868 number), or null when empty. */
const shown = (field: FieldDef, value: FieldValue | undefined, names: CodeNames): string | null => {
  const text = shownFieldValue(field, value, names);
  return text === null ? null : String(text);
};

/** A stored text, or null when there is none. */
const text = (value: FieldValue | undefined): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * GET /api/student/{id}/changes: the fields she changed since her registration of last year was
 * kept at the rollover, each with its label and its value then and now. A first-year student (no
 * registration kept for last year) has none. Only staff who may read her whole record call it
 * (`records:read`); the view is audited as a view of her record, and the values never go into the log.
 */
export async function changesSinceLastYear(deps: Deps, actor: AdminActor, studentId: string): Promise<StudentChanges> {
  const current = await repository.findStudent(deps.db, studentId);
  if (!current) throw new NotFound(messages.noSuchStudent);
  await auditRead(deps, actor, { action: 'student.record-viewed', studentId });
  const year = await repository.currentYear(deps.db);
  const [kept, names] = await Promise.all([repository.snapshotOf(deps.db, studentId, year - 1), referenceLabels(deps)]);
  const student = { id: current.id, first_name: text(current.first_name), last_name: text(current.last_name), class_id: text(current.class_id) };
  const answer = { year, label: academicYearLabel(year), student };
  if (!kept) return { ...answer, since: null, fields: [] };
  const before = JSON.parse(kept.record) as Record<string, FieldValue>;
  return {
    ...answer,
    since: { year: year - 1, label: academicYearLabel(year - 1) },
    fields: changedFields(before, current).map((name) => {
      const field = fieldByName.get(name)!;
      return { name, label: fieldHeader(field), before: shown(field, before[name], names), after: shown(field, current[name], names) };
    }),
  };
}
