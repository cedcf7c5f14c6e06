import { z } from 'zod';
import { fieldByName } from '../student-fields.ts';
import { importAnswerSchema, importProgressSchema } from './imports.ts';

/** How `POST /api/student-import` treats a student ID already in the portal. */
export const studentImportModes = ['insert', 'upsert'] as const;
export type StudentImportMode = (typeof studentImportModes)[number];

/**
 * The columns of the student import, by field, with the header the template gives each and the
 * other headers taken for it: the export's labels and the usual short forms (decision 025).
 */
export const studentImportColumns = [
  { field: 'id', header: 'Student ID', required: true, aliases: ['ID', 'Student No', 'Student Number'] },
  { field: 'first_name', header: 'First Name', required: true, aliases: [] },
  { field: 'last_name', header: 'Last Name', required: true, aliases: [] },
  // The wizard's label (Other Name), so that the template and the wizard name it alike.
  { field: 'middle_name', header: fieldByName.get('middle_name')!.label, aliases: ['Middle Name', 'Middle Names'] },
  { field: 'sex', header: 'Sex', aliases: [] },
  { field: 'date_of_birth', header: 'Date of Birth', required: true, aliases: ['DOB', 'Birth Date'] },
  { field: 'class_id', header: 'Class', aliases: ['Class ID', 'Form Class'] },
  { field: 'house_code', header: 'House', aliases: ['House Code'] },
  { field: 'birth_certificate_no', header: 'Birth Certificate PIN', aliases: ['Birth Certificate No', 'Birth Certificate Number', 'Birth PIN'] },
  // Her account at the school's provider, for signing in with it (decision 076); not part of her record.
  { field: 'school_account', header: 'School Account', aliases: ['School Email', 'School E-mail'] },
] as const;
export type StudentImportField = (typeof studentImportColumns)[number]['field'];

/**
 * POST /api/student-import: the import answer with its counts; `headers` are the file's own
 * headers, so the screen can offer a mapping when some expected column was not found.
 */
export const studentImportAnswerSchema = importAnswerSchema({
  /** New students (with accounts whose first password is the date of birth). */
  inserted: z.number().int(),
  /** Existing students with at least one imported column changed. */
  updated: z.number().int(),
  /** Existing students the file leaves as they are. */
  unchanged: z.number().int(),
  /** The header row of the file as read, for the mapping step. */
  headers: z.array(z.string()).optional(),
}).meta({ id: 'StudentImportAnswer' });
export type StudentImportAnswer = z.infer<typeof studentImportAnswerSchema>;

/** How the history and the progress call name an import whose process ended before it was published. */
export const interruptedImport = 'interrupted — nothing was changed' as const;

/** GET /api/student-imports: past imports, newest first. */
export const studentImportHistorySchema = z.array(
  z.object({
    id: z.number().int(),
    /** ISO-8601 UTC instant. */
    at: z.string(),
    admin: z.string(),
    file_name: z.string(),
    mode: z.enum(studentImportModes),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** 'imported', or the import's process ended before it was published and nothing was changed (decision 042). */
    outcome: z.enum(['imported', interruptedImport]),
  }),
);
export type StudentImportHistory = z.infer<typeof studentImportHistorySchema>;

/** GET /api/student-import/progress: how far the admin's own running import has got (decision 025). */
export const studentImportProgressSchema = importProgressSchema
  .extend({
    /** Set when the admin's latest import was interrupted (its process ended before it was published): nothing was changed. */
    last: z.literal(interruptedImport).optional(),
  })
  .meta({ id: 'StudentImportProgress' });

/** One student in the Parents Contact report: her parents', guardian's and emergency contact's details. */
export const parentsContactRowSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  class_id: z.string().nullable(),
  mother_name: z.string().nullable(),
  mobile_phone_mother: z.string().nullable(),
  mother_home_phone: z.string().nullable(),
  email_mother: z.string().nullable(),
  father_name: z.string().nullable(),
  mobile_phone_father: z.string().nullable(),
  father_home_phone: z.string().nullable(),
  email_father: z.string().nullable(),
  guardian_name: z.string().nullable(),
  mobile_phone_guardian: z.string().nullable(),
  home_phone_guardian: z.string().nullable(),
  email_guardian: z.string().nullable(),
  emergency_contact: z.string().nullable(),
  emergency_home_phone: z.string().nullable(),
  relation_to_child: z.string().nullable(),
  /** The day she left the school (yyyy-MM-dd), in a list that includes students who have left; else null. */
  left_on: z.string().nullable(),
});
export type ParentsContactRow = z.infer<typeof parentsContactRowSchema>;

/** GET /api/parents-contact/{class_id|all}. */
export const parentsContactSchema = z
  .object({
    class_id: z.string(),
    students: z.array(parentsContactRowSchema),
    /** How many students of the class (or school) who have left are not in the list: 0 when they are included (decision 069). */
    leavers_left_out: z.number().int(),
  })
  .meta({ id: 'ParentsContact' });
export type ParentsContact = z.infer<typeof parentsContactSchema>;
