/**
 * The documents feature (SPEC §3 uploaded files): what other features may use of it. Its routes
 * are registered by app.ts; its rows name stored files, so the start-up check asks it for them.
 */
export { filesRoutes } from './routes.ts';
export { documentCopies, documentFileOwner, documentsReceived, readStudentPhoto, storeMadeDocument, type DocumentCopy } from './service.ts';
export { keptPhoto } from './photos.ts';
