/** The registration record (SPEC §3, §4): what other features may use of it. */
export { registrationRoutes } from './routes.ts';
export { assertMayChangeRegistration, findStudentRecord, nextVersion, progressOf, saveDocumentsProgress } from './service.ts';
export { academicYear } from './registration-window.ts';
export { agreedTermsText } from './terms.ts';
