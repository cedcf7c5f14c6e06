import { z } from 'zod';
import { hasOnlyXmlCharacters } from './xml-characters.ts';
import { messages } from './messages.ts';
import { completenessSteps, type CompletenessStepKey, type StepKey } from './progress-steps.ts';
import { parseRemembered } from './remembered-parse.ts';
import { agreementFields, studentFields, type FieldDef } from './student-fields.ts';

/** A value of the record as the API carries it: text fields are strings or null, flags 0 or 1. */
export type FieldValue = string | number | null;
export type StudentRecord = Record<string, FieldValue> & { id: string; updatedAt: string };

/** A plausible e-mail address: what the record accepts and what a message may be sent to. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date as yyyy-MM-dd in UTC; the school (UTC-4) is never ahead of it. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** The same day `years` years before `today` (yyyy-MM-dd); 29 February falls back to the 28th. */
function yearsBefore(today: string, years: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year - years, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Decision 027: a secondary student was born 9 to 25 years before today (both ends included). */
export function birthDateRange(today = todayIso()): { earliest: string; latest: string } {
  // Asked for at every save's check of the date of birth: worked out once a day.
  if (lastRange.today !== today) Object.assign(lastRange, { today, range: Object.freeze({ earliest: yearsBefore(today, 25), latest: yearsBefore(today, 9) }) });
  return lastRange.range;
}
const lastRange = { today: '', range: { earliest: '', latest: '' } };

export function isRealDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Empty input means "not filled in" and is stored as null. */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** A text field's schema that stores empty input as null. */
export const nullable = (schema: z.ZodType<string>) => z.preprocess(emptyToNull, schema.nullable());

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
      return nullable(dateSchema(field.dates ?? 'past'));
    case 'choice':
      return nullable(z.enum(field.options as [string, ...string[]], { message: messages.chooseOption }));
    default:
      return nullable(
        z
          .string()
          .max(field.max ?? 100, messages.tooLong(field.max ?? 100))
          .refine(hasOnlyXmlCharacters, messages.forbiddenCharacter(fieldTitle(field))),
      );
  }
}

/** A real yyyy-MM-dd date that keeps the field's rule; "today" is read at each check, never cached. */
function dateSchema(rule: NonNullable<FieldDef['dates']>): z.ZodType<string> {
  const real = z.string().refine(isRealDate, { message: messages.invalidDate, abort: true });
  if (rule === 'any') return real;
  if (rule === 'past') return real.refine((value) => value <= todayIso(), messages.futureDate);
  return real.superRefine((value, context) => {
    const { earliest, latest } = birthDateRange();
    if (value < earliest || value > latest) context.addIssue({ code: 'custom', message: messages.birthDateRange(earliest, latest) });
  });
}

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

/**
 * Whether the record needs this field filled in: a required field always, a parent's or
 * guardian's name when the living status shows that section (SPEC §4).
 */
export function isFieldRequired(field: FieldDef, record: Record<string, FieldValue>): boolean {
  if (field.required) return true;
  return field.parent !== undefined && field.name === `${field.parent}_name` && parentsShown(record.living_status ?? null).includes(field.parent);
}

/** How a step's state names a field: parent fields with their section ("Mother: Name"). */
export const fieldTitle = (field: FieldDef): string => (field.parent ? `${field.section}: ${field.label}` : field.label);

/** One step's state as the Complete step shows it and the server judges it (decision 026). */
export type StepState = {
  key: CompletenessStepKey;
  label: string;
  complete: boolean;
  /** Titles of required fields left empty. */
  missing: string[];
  /** Titles of filled fields whose value is not valid. */
  invalid: string[];
  /** What else the step needs, when it is not a field (the documents, her review this year). */
  note: string | null;
};

/**
 * What completeness knows besides the record: whether every document is in, and which steps she
 * has reviewed this year (decision 026).
 */
export type CompletenessFacts = { documentsComplete: boolean; reviewed: (key: CompletenessStepKey) => boolean };

export const completenessNotes = {
  notReviewed: "Check this step and press 'Nothing has changed', or change what is different.",
  documentsMissing: 'Upload every document (birth certificate, immunization card, SEA slip and photo).',
} as const;

/** Whether a filled value is valid for its field (remembered, see `parseRemembered`). */
const isValidValue = (field: FieldDef, value: FieldValue, today: string): boolean => parseRemembered(fieldSchema(field), value, today).success;

const byStep = new Map<StepKey, FieldDef[]>();
/** The fields of one step, in the record's order. */
const fieldsOfStep = (key: StepKey): FieldDef[] => {
  let fields = byStep.get(key);
  if (!fields) byStep.set(key, (fields = studentFields.filter((field) => field.step === key)));
  return fields;
};

function dataStepState(record: Record<string, FieldValue>, key: StepKey, label: string, today = todayIso()): StepState {
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const field of fieldsOfStep(key)) {
    const value = record[field.name];
    if (!filled(value)) {
      if (isFieldRequired(field, record)) missing.push(fieldTitle(field));
    } else if (!isValidValue(field, value, today)) invalid.push(fieldTitle(field));
  }
  return { key, label, complete: missing.length === 0 && invalid.length === 0, missing, invalid, note: null };
}

/**
 * Every step's state, the one definition of completeness shared by the server (which refuses the
 * agreement while a step is incomplete) and the wizard (which shows it on the Complete step). One
 * rule for every step: it is done when it is complete and she has reviewed it this year. The note
 * asks for the review only once nothing else is missing: filling in what is missing reviews it.
 */
export function registrationStepStates(record: Record<string, FieldValue>, facts: CompletenessFacts): StepState[] {
  const today = todayIso();
  return completenessSteps.map(({ key, label }) => {
    const state: StepState =
      key === 'documents'
        ? { key, label, complete: facts.documentsComplete, missing: [], invalid: [], note: facts.documentsComplete ? null : completenessNotes.documentsMissing }
        : dataStepState(record, key, label, today);
    if (!state.complete || facts.reviewed(key)) return state;
    return { ...state, complete: false, note: completenessNotes.notReviewed };
  });
}

/** A step's fields are all filled in where required and valid (it also needs her review to count as done; see registrationStepStates). */
export function isStepComplete(record: Record<string, FieldValue>, step: StepKey): boolean {
  return dataStepState(record, step, step).complete;
}
