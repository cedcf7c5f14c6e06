/** The registration record (SPEC §3, §4): what other features may use of it. */
export { registrationRoutes } from './routes.ts';
export {
  assertMayChangeRegistration,
  currentAcademicYear,
  findStudentRecord,
  mergeApprovedValues,
  nextVersion,
  progressOf,
  registrationSummaries,
  saveDocumentsProgress,
  type RegistrationSummary,
} from './service.ts';
export { agreedTermsText } from './terms.ts';
export { progressColumns, reviewedColumnOf, type ProgressRow } from './progress-columns.ts';
