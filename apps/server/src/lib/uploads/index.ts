/**
 * The upload pipeline: one multipart file streamed to a temporary file with a size cap, its kind
 * told by content and checked by extension and content, the fields validated by the route's
 * schema, and the temporary file removed whenever the request ends. Multipart is registered once
 * (`registerUploads`, in app.ts); a route adds `preValidation: receiveUpload({ accept })`.
 */
export { assertFileKind, receiveUpload, receiveUploadOnce, ReceivedFile, registerUploads, uploadedFile, type UploadOptions } from './receive-upload.ts';
export { incomingDir, incomingRoot, incomingSweep, sweepIncoming } from './incoming.ts';
export { kindsInWords, loadSniffer, sniffUploadKind, uploadKinds, type UploadKind } from './upload-kinds.ts';
