import { z } from 'zod';
import { isStorableText } from './common.ts';
import { messages } from '../messages.ts';
import { parseRemembered } from '../remembered-parse.ts';
import { fieldSchema, nullable, todayIso, type FieldValue } from '../student-schema.ts';
import { studentFields } from '../student-fields.ts';
import { isStudentId, studentIdField } from '../student-id.ts';

const fieldShape = Object.fromEntries(studentFields.map((field) => [field.name, fieldSchema(field).optional()]));

const saveHeadShape = {
  id: studentIdField,
  updatedAt: z.string().min(1, messages.required),
};
/**
 * What `POST /api/student` accepts: the whole record (or any part of it) with the updatedAt the
 * client last saw. Unknown keys are dropped, never stored. The route checks only a save's shape
 * (`readStudentSave`) and the service the values it changes (`changedSaveValues`, decision 031);
 * this schema words the errors of any body they refuse.
 */
export const studentSaveSchema = z.object({
  ...saveHeadShape,
  ...fieldShape,
  terms_and_conditions: nullable(z.string().max(20000).refine(isStorableText, messages.forbiddenCharacter('Terms and conditions'))).optional(),
  agree_terms_conditions: fieldSchema({ name: 'agree_terms_conditions', label: '', kind: 'flag', step: 'otherData', section: '' }).optional(),
});
/** Each field's schema in the save schema's order, the id and version apart (for `changedSaveValues`). */
const savedFields = Object.entries(studentSaveSchema.shape).filter(([name]) => !(name in saveHeadShape)) as Array<[string, z.ZodType]>;

const isScalar = (value: unknown) => value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The schema of each field a save may carry, by name (`studentSaveSchema`'s, the id and version apart). */
const savedFieldSchemas = new Map(savedFields);

/**
 * A save's body as the autosave route takes it before its values are judged: an object with a
 * valid id and version and a scalar for each field it names (`readStudentSave`). Its values are
 * judged against the stored record by `changedSaveValues`; keys that name no field are never read.
 */
export type StudentSaveBody = { id: string; updatedAt: string } & Record<string, unknown>;

/**
 * The body of `POST /api/student` when it has the shape of a save (an object, a valid id and
 * version, a scalar for every field it names), with its id and version as the schema makes them;
 * undefined otherwise, so that the caller parses it with `studentSaveSchema` and gets its errors.
 * The values themselves are judged once the stored record is known (`changedSaveValues`): every
 * autosave sends the whole record, and nearly all of it is as stored.
 */
export function readStudentSave(body: unknown): StudentSaveBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const given = body as Record<string, unknown>;
  // The head by the same rules as `saveHeadShape`, without a schema's run on every autosave.
  const { id, updatedAt } = given;
  if (!isStudentId(id) || typeof updatedAt !== 'string' || updatedAt === '') return undefined;
  for (const name in given) if (savedFieldSchemas.has(name) && !isScalar(given[name])) return undefined;
  given.id = id.trim();
  return given as StudentSaveBody;
}

/**
 * The fields of a save whose values differ from the stored record's, as their schemas make them
 * (remembered, see `parseRemembered`); a value sent as it is stored is not judged again, and one
 * the schema makes into the stored value is no change. Undefined when a schema refuses a value
 * the save changes: `studentSaveSchema` then words the errors.
 */
export function changedSaveValues(body: StudentSaveBody, stored: Record<string, unknown>): Record<string, FieldValue> | undefined {
  const today = todayIso();
  const changed: Record<string, FieldValue> = {};
  for (const name in body) {
    const schema = savedFieldSchemas.get(name);
    const value = body[name];
    if (!schema || value === stored[name]) continue;
    const result = parseRemembered(schema, value, today);
    if (!result.success) return undefined;
    if (result.data !== stored[name]) changed[name] = result.data as FieldValue;
  }
  return changed;
}

/** What the wizard's autosave and the admin's edit dialog send to `POST /api/student`: the record with the version it was read at. */
export type StudentSaveRequest = z.input<typeof studentSaveSchema>;
