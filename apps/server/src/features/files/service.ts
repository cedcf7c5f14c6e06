import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SignedInActor } from '../../auth/actor.ts';
import type { Executor } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { assertFileKind, uploadKinds, type ReceivedFile } from '../../lib/uploads/index.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { registrationRepository } from '../registration/repository.ts';
import { registrationWindow } from '../registration/registration-window.ts';
import { documentRules, documentTypeNames, isDocumentType, type DocumentType } from './document-types.ts';
import { filesRepository, type UploadedFile } from './repository.ts';

const uploadsDir = (deps: Deps) => path.join(deps.settings.dataDir, 'uploads');

/** Students act on their own files only; admins on anyone's. */
function assertOwnOrAdmin(actor: SignedInActor, studentId: string): void {
  if (actor.kind === 'student' && actor.studentId !== studentId) throw new Forbidden('You can only see your own records.');
}

/** A student may change her documents only inside her form's registration window. */
async function assertMayChange(deps: Deps, actor: SignedInActor, studentId: string): Promise<void> {
  const student = await registrationRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  if (actor.kind === 'admin') return;
  const window = registrationWindow(await registrationRepository.findStatusForClass(deps.db, student.class_id as string | null), deps.settings.schoolTimeZone);
  if (!window.editable) throw new Forbidden(window.message);
}

export const fileUrl = (file: Pick<UploadedFile, 'student_id' | 'file_type'>) => `/api/files/${encodeURIComponent(file.student_id)}/${file.file_type}`;

/** `GET /api/get-files/{id}`: the student's documents as SPEC §3 names them (name, type, url). */
export async function listDocuments(deps: Deps, studentId: string) {
  return (await filesRepository.listForStudent(deps.db, studentId)).map((file) => ({ name: file.original_name, type: file.file_type, url: fileUrl(file) }));
}

/** What `POST /api/store-file` carries (SPEC §7): the student, the document type and the file. */
export type DocumentUpload = { id: string; file_type: DocumentType; file: ReceivedFile };

/**
 * `POST /api/store-file`: checks the file's type by extension and by content, re-encodes photos
 * without metadata, and replaces the student's file of that type: the row and the bytes change together.
 */
export async function storeDocument(
  deps: Deps,
  actor: SignedInActor,
  { id: studentId, file_type: fileType, file }: DocumentUpload,
): Promise<{ message: string }> {
  assertOwnOrAdmin(actor, studentId);
  await assertMayChange(deps, actor, studentId);
  const rule = documentRules[fileType];
  assertFileKind(file, rule.kinds, `The ${rule.label.toLowerCase()} must be ${rule.kindText}.`);
  const kind = file.kind!;
  if (kind === 'jpeg' || kind === 'png') await reencodePhoto(file.path, kind);
  await replaceFile(deps, actor, {
    studentId,
    fileType,
    temp: file.path,
    originalName: file.name,
    mime: uploadKinds[kind].mime,
    extension: uploadKinds[kind].extensions[0],
    size: (await fs.stat(file.path)).size,
  });
  return { message: `${rule.label} uploaded successfully.` };
}

/** Photos are decoded and written again: turned upright, with no EXIF, location or other metadata. */
async function reencodePhoto(file: string, kind: 'jpeg' | 'png'): Promise<void> {
  const { default: sharp } = await import('sharp');
  const image = sharp(file, { failOn: 'error' }).rotate();
  const output = kind === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  await fs.writeFile(file, output);
}

type NewFile = { studentId: string; fileType: DocumentType; temp: string; originalName: string; mime: string; extension: string; size: number };

async function replaceFile(deps: Deps, actor: SignedInActor, file: NewFile): Promise<void> {
  const folder = randomBytes(1).toString('hex');
  const storedName = `${folder}/${randomBytes(16).toString('hex')}${file.extension}`;
  const target = path.join(uploadsDir(deps), storedName);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(file.temp, target);
  let previous: UploadedFile | undefined;
  try {
    await deps.writeTransaction(async (trx) => {
      previous = await filesRepository.find(trx, file.studentId, file.fileType);
      if (previous) await filesRepository.remove(trx, previous.id);
      await filesRepository.insert(trx, {
        student_id: file.studentId,
        file_type: file.fileType,
        original_name: file.originalName,
        stored_name: storedName,
        mime_type: file.mime,
        size_bytes: file.size,
        created_at: nowIso(),
      });
      await updateDocumentsFlag(trx, file.studentId);
      if (actor.kind === 'admin') await writeAudit(trx, actor, { action: 'file.uploaded', studentId: file.studentId, detail: file.fileType });
    });
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  if (previous) await fs.rm(path.join(uploadsDir(deps), previous.stored_name), { force: true });
}

/** The documents progress flag: 1 when all four types are in. */
async function updateDocumentsFlag(db: Executor, studentId: string): Promise<void> {
  const count = await filesRepository.countTypes(db, studentId);
  await registrationRepository.saveProgress(db, studentId, { documents: count >= documentTypeNames.length ? 1 : 0 });
}

/** `DELETE /api/file`: removes the row and then its bytes. */
export async function deleteDocument(
  deps: Deps,
  actor: SignedInActor,
  { studentId, fileType }: { studentId: string; fileType: DocumentType },
): Promise<{ message: string }> {
  await assertMayChange(deps, actor, studentId);
  let removed: UploadedFile | undefined;
  await deps.writeTransaction(async (trx) => {
    removed = await filesRepository.find(trx, studentId, fileType);
    if (!removed) throw new NotFound('There is no such file.');
    await filesRepository.remove(trx, removed.id);
    await updateDocumentsFlag(trx, studentId);
    if (actor.kind === 'admin') await writeAudit(trx, actor, { action: 'file.deleted', studentId, detail: fileType });
  });
  if (removed) await fs.rm(path.join(uploadsDir(deps), removed.stored_name), { force: true });
  return { message: `${documentRules[fileType].label} removed.` };
}

/** The stored bytes of one file, with what the download needs to say about them. */
export async function readDocument(deps: Deps, { studentId, fileType }: { studentId: string; fileType: DocumentType }) {
  const file = await filesRepository.find(deps.db, studentId, fileType);
  if (!file) throw new NotFound('There is no such file.');
  const bytes = await fs.readFile(path.join(uploadsDir(deps), file.stored_name));
  const known = isDocumentType(file.file_type) && documentRules[file.file_type].kinds.some((kind) => uploadKinds[kind].mime === file.mime_type);
  return { file, bytes, known };
}

/** `GET /api/student-data-files/{id}`: the student's data files record (SPEC §3 leaves its fields open). */
export async function readDataFile(deps: Deps, studentId: string) {
  const row = await filesRepository.findDataFile(deps.db, studentId);
  return row ? { student_id: row.student_id, ...JSON.parse(row.data), updated_at: row.updated_at } : { student_id: studentId };
}

/** `POST /api/student-data-files`: saves the record as given. */
export async function saveDataFile(deps: Deps, actor: SignedInActor, { student_id, ...data }: { student_id: string } & Record<string, unknown>) {
  assertOwnOrAdmin(actor, student_id);
  await filesRepository.saveDataFile(deps.db, student_id, JSON.stringify(data), nowIso());
  return { message: 'Saved' };
}
