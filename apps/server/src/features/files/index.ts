/**
 * The documents feature (SPEC §3 uploaded files): what other features may use of it. Its routes
 * are registered by app.ts.
 */
export { filesRoutes } from './routes.ts';
export { documentsReceived, readStudentPhoto } from './service.ts';
export { documentRules, documentTypeNames, isDocumentType, type DocumentType } from './document-types.ts';
