/**
 * Every request body and query of the API, once (STYLE 2): the server's routes validate with these
 * schemas and the web's calls send their types. Objects drop the fields they do not name (DESIGN §4).
 * Multipart routes add their `file` part on the server.
 */
import type { studentImportRequest } from './admin-data.ts';
import type { attendanceImportRequest } from './attendance.ts';
import type { TextFields } from './common.ts';
import type { termFileRequest } from './term-reports.ts';

export * from './absence-notes.ts';
export * from './admin-data.ts';
export * from './attendance.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './contact-changes.ts';
export * from './consents.ts';
export * from './files.ts';
export * from './guardians.ts';
export * from './passkeys.ts';
export * from './registration.ts';
export * from './staff.ts';
export * from './retention.ts';
export * from './school-year.ts';
export * from './student-save.ts';
export * from './term-reports.ts';
export * from './notifications.ts';
export * from './oneroster.ts';

/** Each import and bulk upload by its address, with the text fields it takes beside the file (DESIGN §3: `dry_run` left out is a dry run). */
export type ImportForms = {
  '/api/student-import': TextFields<typeof studentImportRequest>;
  '/api/term-results/import': TextFields<typeof termFileRequest>;
  '/api/report-cards/upload': TextFields<typeof termFileRequest>;
  '/api/attendance-import': TextFields<typeof attendanceImportRequest>;
};
