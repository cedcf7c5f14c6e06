import { z } from 'zod';
import { hasOnlyXmlCharacters } from './xml-characters.ts';
import { messages } from './messages.ts';
import { completenessSteps, type CompletenessStepKey, type StepKey } from './progress-steps.ts';
import { parseRemembered } from './remembered-parse.ts';
import { agreementFields, studentFields, type FieldDef } from './student-fields.ts';
import { birthDateRange, emailPattern, fieldsOfStep, fieldTitle, filled, isRealDate, missingFields, todayIso, type FieldValue } from './field-rules.ts';

export * from './field-rules.ts';

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

function dataStepState(record: Record<string, FieldValue>, key: StepKey, label: string, today = todayIso()): StepState {
  const missing = missingFields(record, key).map(fieldTitle);
  const invalid = fieldsOfStep(key)
    .filter((field) => filled(record[field.name]) && !isValidValue(field, record[field.name] ?? null, today))
    .map(fieldTitle);
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
