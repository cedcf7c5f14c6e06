import { contactFieldLabel, displayName, studentColumns, type ContactChange, type FamilyContactChange, type FieldValue } from '@school/contract';
import type { ChangeRow, FieldRow } from './repository.ts';

/** Each field's place in the record, so that a change lists its fields as the wizard does. */
const place = new Map(studentColumns.map((column, index) => [column, index]));
/** A change's field as the presenters read it. */
type Field = Omit<FieldRow, 'change_id'>;
const inRecordOrder = (fields: readonly Field[]) => [...fields].sort((a, b) => (place.get(a.field) ?? 0) - (place.get(b.field) ?? 0));

/** A record's value as a change shows it: text, or null when empty. */
const shown = (value: FieldValue | undefined): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * A change as the office reads it: the girl, the guardian, its state and answer, and each field's
 * value when proposed, now and proposed, side by side. `record` is the girl's record as it stands.
 */
export const presentChange = (row: ChangeRow, fields: readonly Field[], record: Record<string, FieldValue> | undefined): ContactChange => ({
  id: row.public_id,
  student_id: row.student_id,
  student_name: displayName(row),
  class_id: row.class_id,
  guardian_name: row.guardian_name,
  guardian_email: row.guardian_email,
  relationship: row.relationship,
  status: row.status,
  created_at: row.created_at,
  answered_at: row.answered_at,
  answered_by: row.answered_by_name,
  note: row.note,
  fields: inRecordOrder(fields).map((field) => ({
    field: field.field,
    label: contactFieldLabel(field.field),
    was: field.was,
    now: shown(record?.[field.field]),
    proposed: field.proposed,
    decision: field.decision,
  })),
});

/** A change as the parent who sent it reads it: her values and the office's decisions, never the record's values (decision 063). */
export const presentFamilyChange = (
  row: Pick<ChangeRow, 'public_id' | 'student_id' | 'status' | 'created_at' | 'answered_at' | 'note'>,
  fields: readonly Field[],
): FamilyContactChange => ({
  id: row.public_id,
  student_id: row.student_id,
  status: row.status,
  created_at: row.created_at,
  answered_at: row.answered_at,
  note: row.note,
  fields: inRecordOrder(fields).map((field) => ({
    field: field.field,
    label: contactFieldLabel(field.field),
    proposed: field.proposed,
    decision: field.decision,
  })),
});
