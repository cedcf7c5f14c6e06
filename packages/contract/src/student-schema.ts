import { z } from 'zod';
import { hasOnlyXmlCharacters } from './xml-characters.ts';
import { messages } from './messages.ts';
import type { StepKey } from './progress-steps.ts';
import { parseRemembered } from './remembered-parse.ts';
import { agreementFields, studentFields, type FieldDef } from './student-fields.ts';
import { birthDateRange, emailPattern, fieldTitle, isRealDate, todayIso, type FieldValue } from './field-rules.ts';
import { dataStepState, stepStates, type CompletenessFacts, type StepState, type ValueCheck } from './step-states.ts';

export * from './field-rules.ts';
export { completenessNotes, type CompletenessFacts, type StepState } from './step-states.ts';

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

/** Whether a filled value is valid for its field (remembered, see `parseRemembered`). */
const isValidValue: ValueCheck = (field, value, today) => parseRemembered(fieldSchema(field), value, today).success;

/**
 * Every step's state, the one definition of completeness shared by the server (which refuses the
 * agreement while a step is incomplete) and the wizard (which shows it on the Complete step), each
 * filled value judged by its field's schema. See `stepStates`.
 */
export const registrationStepStates = (record: Record<string, FieldValue>, facts: CompletenessFacts): StepState[] => stepStates(record, facts, isValidValue);

/** A step's fields are all filled in where required and valid (it also needs her review to count as done; see registrationStepStates). */
export function isStepComplete(record: Record<string, FieldValue>, step: StepKey): boolean {
  return dataStepState(record, step, step, isValidValue).complete;
}
