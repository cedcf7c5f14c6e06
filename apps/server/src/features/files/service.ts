import fs from 'node:fs/promises';
import { documentMessages, documentTypes, isDocumentType, messages, type DocumentType } from '@school/contract';
import type { SignedInActor } from '../../session/actor.ts';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import type { FileOwner, FileStore } from '../../lib/file-store/index.ts';
import { assertFileKind, uploadKinds, type ReceivedFile } from '../../lib/uploads/index.ts';
import { auditRead, writeAudit } from '../audit/index.ts';
import { assertMayChangeRegistration, saveDocumentsProgress } from '../registration/index.ts';
import { keptPhoto, photoToPrint } from './photos.ts';
import { filesRepository, type UploadedFile } from './repository.ts';

/** Students act on their own files only; admins on anyone's. */
function assertOwnOrAdmin(actor: SignedInActor, studentId: string): void {
  if (actor.kind === 'student' && actor.studentId !== studentId) throw new Forbidden(messages.onlyOwnRecords);
}

export const fileUrl = (file: Pick<UploadedFile, 'student_id' | 'file_type'>) => `/api/files/${encodeURIComponent(file.student_id)}/${file.file_type}`;

/** `GET /api/get-files/{id}`: the student's documents as SPEC §3 names them (name, type, url). An admin's read is audited. */
export async function listDocuments(deps: Deps, actor: SignedInActor, studentId: string) {
  await auditRead(deps, actor, { action: 'file.list-viewed', studentId }, { notHerOwn: true });
  return (await filesRepository.listForStudent(deps.db, studentId)).map((file) => ({ name: file.original_name, type: file.file_type, url: fileUrl(file) }));
}

/** What `POST /api/store-file` carries (SPEC §7): the student, the document type and the file. */
export type DocumentUpload = { id: string; file_type: DocumentType; file: ReceivedFile };

/**
 * `POST /api/store-file`: checks the file's type by extension and by content, keeps photos
 * re-encoded without metadata and made small enough to print (refusing one of too many pixels), and replaces the student's file of that type: the row and the bytes change together.
 */
export async function storeDocument(
  deps: Deps,
  actor: SignedInActor,
  { id: studentId, file_type: fileType, file }: DocumentUpload,
): Promise<{ message: string }> {
  assertOwnOrAdmin(actor, studentId);
  await assertMayChangeRegistration(deps, actor, studentId);
  assertFileKind(file, documentTypes[fileType].format.kinds, documentMessages.wrongFormat(fileType));
  const kind = file.kind!;
  if (kind === 'jpeg' || kind === 'png') await fs.writeFile(file.path, await keptPhoto(file.path, kind));
  await replaceFile(deps, actor, {
    studentId,
    fileType,
    temp: file.path,
    originalName: file.name,
    mime: uploadKinds[kind].mime,
    extension: uploadKinds[kind].extensions[0],
    size: (await fs.stat(file.path)).size,
  });
  return { message: documentMessages.uploaded(fileType) };
}

/**
 * Stores a document that did not come as an upload (the demo school's), its bytes and its row
 * together, for a student who has none of that type yet.
 */
export async function storeMadeDocument(
  store: FileStore,
  file: { studentId: string; fileType: DocumentType; name: string; mime: string; extension: string; bytes: Buffer; receivedAt: string },
): Promise<void> {
  await store.put({ bytes: file.bytes }, { extension: file.extension }, (trx, key) =>
    filesRepository.insert(trx, {
      student_id: file.studentId,
      file_type: file.fileType,
      original_name: file.name,
      stored_name: key,
      mime_type: file.mime,
      size_bytes: file.bytes.length,
      created_at: file.receivedAt,
    }),
  );
}

type NewFile = { studentId: string; fileType: DocumentType; temp: string; originalName: string; mime: string; extension: string; size: number };

/** Stores the file and its row as one change, in place of the student's previous file of that type. */
async function replaceFile(deps: Deps, actor: SignedInActor, file: NewFile): Promise<void> {
  await deps.files.put({ path: file.temp }, { extension: file.extension }, async (trx, key, change) => {
    const previous = await filesRepository.find(trx, file.studentId, file.fileType);
    if (previous) {
      await filesRepository.remove(trx, previous.id);
      await change.release(previous.stored_name);
    }
    await filesRepository.insert(trx, {
      student_id: file.studentId,
      file_type: file.fileType,
      original_name: file.originalName,
      stored_name: key,
      mime_type: file.mime,
      size_bytes: file.size,
      created_at: nowIso(),
    });
    await saveDocumentsProgress(trx, deps.config.schoolTimeZone, file.studentId, actor);
    await writeAudit(trx, actor, { action: 'file.uploaded', studentId: file.studentId, detail: file.fileType });
  });
}

/** `DELETE /api/file`: removes the row and its bytes as one change. */
export async function deleteDocument(
  deps: Deps,
  actor: SignedInActor,
  { studentId, fileType }: { studentId: string; fileType: DocumentType },
): Promise<{ message: string }> {
  await assertMayChangeRegistration(deps, actor, studentId);
  await deps.files.change(async (trx, change) => {
    const removed = await filesRepository.find(trx, studentId, fileType);
    if (!removed) throw new NotFound(messages.noSuchFile);
    await filesRepository.remove(trx, removed.id);
    await change.release(removed.stored_name);
    await saveDocumentsProgress(trx, deps.config.schoolTimeZone, studentId, actor);
    await writeAudit(trx, actor, { action: 'file.deleted', studentId, detail: fileType });
  });
  return { message: documentMessages.removed(fileType) };
}

/** A document's bytes as a stream, with what the download needs to say about them; 404 when the row or its bytes are gone. Every download is audited. */
export async function openDocument(deps: Deps, actor: SignedInActor, { studentId, fileType }: { studentId: string; fileType: DocumentType }) {
  const file = await filesRepository.find(deps.db, studentId, fileType);
  if (!file) throw new NotFound(messages.noSuchFile);
  const opened = await deps.files.open(file.stored_name);
  await auditRead(deps, actor, { action: 'file.downloaded', studentId, detail: fileType });
  const known = isDocumentType(file.file_type) && documentTypes[file.file_type].format.kinds.some((kind) => uploadKinds[kind].mime === file.mime_type);
  return { file, ...opened, known };
}

/** The documents a student has handed in, with when (for her registration form). */
export async function documentsReceived(deps: Deps, studentId: string): Promise<Array<{ type: DocumentType; receivedAt: string }>> {
  return (await filesRepository.listForStudent(deps.db, studentId))
    .filter((file) => isDocumentType(file.file_type))
    .map((file) => ({ type: file.file_type as DocumentType, receivedAt: file.created_at }));
}

/**
 * The student's photo as printed: re-encoded at upload (no metadata) and at most 1,200 pixels on
 * its long side, one stored larger before being made so now (`photoToPrint`); null when she has
 * none or its bytes are gone or unreadable.
 */
export async function readStudentPhoto(deps: Deps, studentId: string): Promise<Buffer | null> {
  const row = await filesRepository.find(deps.db, studentId, 'picture');
  const bytes = row ? await deps.files.read(row.stored_name).catch(() => null) : null;
  return row && bytes ? photoToPrint(deps, { row, bytes }) : null;
}

/** The files feature's rows that name stored files, for the start-up check (decision 013). */
export const documentFileOwner: FileOwner = {
  async keys(db) {
    return (await filesRepository.listStoredNames(db)).map((file) => ({ key: file.stored_name, describe: `student ${file.student_id}, ${file.file_type}` }));
  },
};

/** `GET /api/student-data-files/{id}`: the student's data files record (SPEC §3 leaves its fields open). An admin's read is audited. */
export async function readDataFile(deps: Deps, actor: SignedInActor, studentId: string) {
  await auditRead(deps, actor, { action: 'student-data-file.viewed', studentId }, { notHerOwn: true });
  const row = await filesRepository.findDataFile(deps.db, studentId);
  return row ? { student_id: row.student_id, ...JSON.parse(row.data), updated_at: row.updated_at } : { student_id: studentId };
}

/** `POST /api/student-data-files`: saves the record as given, by the rule of every change to her registration (a student's only while it is open). */
export async function saveDataFile(deps: Deps, actor: SignedInActor, { student_id, ...data }: { student_id: string } & Record<string, unknown>) {
  assertOwnOrAdmin(actor, student_id);
  await assertMayChangeRegistration(deps, actor, student_id);
  await deps.writeTransaction(async (trx) => {
    await filesRepository.saveDataFile(trx, student_id, JSON.stringify(data), nowIso());
    await writeAudit(trx, actor, { action: 'student-data-file.saved', studentId: student_id, detail: `fields: ${Object.keys(data).join(', ')}` });
  });
  return { message: 'Saved' };
}

/** A document a student handed in, with its bytes: for her own copy of her data (decision 050). */
export type DocumentCopy = { type: string; originalName: string; mimeType: string; data: Buffer };

/** Every document the student has handed in, with its bytes, in type order. */
export async function documentCopies(deps: Deps, studentId: string): Promise<DocumentCopy[]> {
  const files = await filesRepository.listForStudent(deps.db, studentId);
  return Promise.all(
    files.map(async (file) => ({
      type: file.file_type,
      originalName: file.original_name,
      mimeType: file.mime_type,
      data: await deps.files.read(file.stored_name),
    })),
  );
}
