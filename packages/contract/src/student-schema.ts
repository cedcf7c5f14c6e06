import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { agreementFields, studentFields, type FieldDef, type StepKey } from './student-fields.ts';

/** A value of the record as the API carries it: text fields are strings or null, flags 0 or 1. */
export type FieldValue = string | number | null;
export type StudentRecord = Record<string, FieldValue> & { id: string; updatedAt: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date as yyyy-MM-dd in UTC; the school (UTC-4) is never ahead of it. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

export function isRealDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Empty input means "not filled in" and is stored as null. */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const nullable = (schema: z.ZodType<string>) => z.preprocess(emptyToNull, schema.nullable());

const schemaCache = new WeakMap<FieldDef, z.ZodType<FieldValue>>();

/** The zod schema of one field, with the spec's messages; the same on the form and the server. Built once per field. */
export function fieldSchema(field: FieldDef): z.ZodType<FieldValue> {
  let schema = schemaCache.get(field);
  if (!schema) {
    schema = buildFieldSchema(field);
    schemaCache.set(field, schema);
  }
  return schema;
}

function buildFieldSchema(field: FieldDef): z.ZodType<FieldValue> {
  switch (field.kind) {
    case 'flag':
      return z.preprocess(
        (value) => (value === true || value === '1' ? 1 : value === false || value === '0' || value === null || value === '' ? 0 : value),
        z.union([z.literal(0), z.literal(1)], { message: 'Must be 0 or 1.' }),
      );
    case 'email':
      return nullable(
        z
          .string()
          .trim()
          .max(field.max ?? 50, messages.tooLong(field.max ?? 50))
          .regex(emailPattern, messages.invalidEmail),
      );
    case 'phone':
      return nullable(
        z
          .string()
          .regex(/^\d*$/, { message: messages.onlyNumbers, abort: true })
          .regex(/^\d{7}$/, messages.sevenDigits),
      );
    case 'count':
      return nullable(z.string().regex(/^\d*$/, messages.onlyNumbers).max(2, messages.tooLong(2)));
    case 'date':
      return nullable(
        z
          .string()
          .refine(isRealDate, messages.invalidDate)
          .refine((value) => value <= todayIso(), messages.futureDate),
      );
    case 'choice':
      return nullable(z.enum(field.options as [string, ...string[]], { message: messages.chooseOption }));
    default:
      return nullable(z.string().max(field.max ?? 100, messages.tooLong(field.max ?? 100)));
  }
}

const fieldShape = Object.fromEntries(studentFields.map((field) => [field.name, fieldSchema(field).optional()]));

/**
 * What `POST /api/student` accepts: the whole record (or any part of it) with the updatedAt the
 * client last saw. Unknown keys are dropped, never stored.
 */
export const studentSaveSchema = z.object({
  id: z.coerce.string().trim().min(1, messages.required).max(limits.studentId),
  updatedAt: z.string().min(1, messages.required),
  ...fieldShape,
  terms_and_conditions: nullable(z.string().max(20000)).optional(),
  agree_terms_conditions: fieldSchema({ name: 'agree_terms_conditions', label: '', kind: 'flag', step: 'otherData', section: '' }).optional(),
});
/** A parsed save: the id, the version seen, and any fields of the record. */
export type StudentSave = { id: string; updatedAt: string } & Record<string, FieldValue | undefined>;

/** Every column of the record, in the spec's order, for the database and the export. */
export const studentColumns: readonly string[] = [...studentFields.map((field) => field.name), ...agreementFields];

/** Which parent sections the living status shows (SPEC §4). */
export function parentsShown(livingStatus: FieldValue): Array<'mother' | 'father' | 'guardian'> {
  switch (livingStatus) {
    case 'Both Parents':
      return ['mother', 'father'];
    case 'Father Only':
      return ['father'];
    case 'Mother Only':
      return ['mother'];
    case 'Guardian':
      return ['guardian'];
    default:
      return [];
  }
}

const filled = (value: FieldValue | undefined) => value !== null && value !== undefined && value !== '';

/** A step is complete when every required field it shows is filled in and valid. */
export function isStepComplete(record: Record<string, FieldValue>, step: StepKey): boolean {
  const shownParents = parentsShown(record.living_status ?? null);
  return studentFields
    .filter((field) => field.step === step)
    .every((field) => {
      const required = field.required || (field.parent !== undefined && field.name === `${field.parent}_name` && shownParents.includes(field.parent));
      const value = record[field.name];
      if (required && !filled(value)) return false;
      return !filled(value) || fieldSchema(field).safeParse(value).success;
    });
}
