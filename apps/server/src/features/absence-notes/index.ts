/** Absence notes (issue 51, decision 065): a family's note for days she is away, answered by the office; accepted, its absences count as excused. */
export { absenceNotesRoutes } from './routes.ts';
export { absenceNoteFileOwner, eraseNoteData, noteDataOf, type HeldNoteData } from './service.ts';
