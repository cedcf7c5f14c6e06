import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { messages } from '@school/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database.ts';
import { Forbidden, HttpError, Invalid, invalidField, NotFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { adminName } from '../auth/service.ts';
import { registrationRepository } from '../registration/repository.ts';
import { registrationWindow } from '../registration/registration-window.ts';
import { documentRules, documentTypeNames, isDocumentType, type DocumentType } from './document-types.ts';
import { filesRepository, type UploadedFile } from './repository.ts';

const uploadsDir = (app: FastifyInstance) => path.join(app.settings.dataDir, 'uploads');
const tooLarge = (app: FastifyInstance) => {
  const message = `The file is larger than ${megabytes(app.settings.uploadMaxBytes)}.`;
  return new HttpError(413, message, { file: [message] });
};
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Students act on their own files only; admins on anyone's. */
export function assertOwnOrAdmin(request: FastifyRequest, studentId: string): void {
  if (request.session?.kind === 'student' && request.session.student_id !== studentId) throw new Forbidden('You can only see your own records.');
}

/** A student may change her documents only inside her form's registration window. */
async function assertMayChange(app: FastifyInstance, request: FastifyRequest, studentId: string): Promise<void> {
  const student = await registrationRepository.findStudent(app.db, studentId);
  if (!student) throw new NotFound('There is no student with that ID.');
  if (request.session?.kind === 'admin') return;
  const window = registrationWindow(await registrationRepository.findStatusForClass(app.db, student.class_id as string | null), app.settings.schoolTimeZone);
  if (!window.editable) throw new Forbidden(window.message);
}

/** The name as shown and offered for download: no folders, no control characters, at most 200 characters. */
const displayName = (name: string) =>
  [...path.basename(name.replaceAll('\\', '/'))]
    .filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127)
    .join('')
    .slice(-200) || 'document';

export const fileUrl = (file: Pick<UploadedFile, 'student_id' | 'file_type'>) => `/api/files/${encodeURIComponent(file.student_id)}/${file.file_type}`;

/**
 * `POST /api/store-file`: streams the one file to a temporary file (refusing it past the size
 * limit), checks its type by extension and by content, re-encodes photos without metadata, and
 * replaces the student's file of that type: the row and the bytes change together.
 */
export async function storeUpload(app: FastifyInstance, request: FastifyRequest): Promise<{ message: string }> {
  if (!request.isMultipart()) throw new Invalid(messages.selectFile, { file: [messages.selectFile] });
  const incoming = path.join(uploadsDir(app), '.incoming');
  await fs.mkdir(incoming, { recursive: true });
  const fields: Record<string, string> = {};
  let temp: string | null = null;
  let originalName = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: app.settings.uploadMaxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || temp) {
        part.file.resume();
        continue;
      }
      originalName = displayName(part.filename ?? '');
      temp = path.join(incoming, randomBytes(16).toString('hex'));
      try {
        await pipeline(part.file, createWriteStream(temp));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(app);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(app);
    }
    const studentId = (fields.id ?? '').trim();
    const fileType = fields.file_type;
    if (!studentId) throw invalidField('id', messages.required);
    if (!isDocumentType(fileType)) throw invalidField('file_type', 'Choose a document type: birth_certificate, immunization_card, sea_slip or picture.');
    assertOwnOrAdmin(request, studentId);
    if (!temp || !originalName) throw invalidField('file', messages.selectFile);
    const stat = await fs.stat(temp);
    if (stat.size === 0) throw invalidField('file', messages.selectFile);
    await assertMayChange(app, request, studentId);

    const rule = documentRules[fileType];
    const extension = path.extname(originalName).toLowerCase();
    // Loaded on the first upload: the content sniffer and the image codec are not needed before.
    const { fileTypeFromFile } = await import('file-type');
    const sniffed = await fileTypeFromFile(temp);
    if (!rule.extensions.includes(extension) || !sniffed || !rule.mimes.includes(sniffed.mime)) {
      throw invalidField('file', `The ${rule.label.toLowerCase()} must be ${rule.kindText}.`);
    }
    if (fileType === 'picture') await reencodePhoto(temp, sniffed.mime);
    const size = (await fs.stat(temp)).size;
    await replaceFile(app, request, {
      studentId,
      fileType,
      temp,
      originalName,
      mime: sniffed.mime,
      extension: fileType === 'picture' ? (sniffed.mime === 'image/png' ? '.png' : '.jpg') : '.pdf',
      size,
    });
    temp = null;
    return { message: `${rule.label} uploaded successfully.` };
  } finally {
    if (temp) await fs.rm(temp, { force: true });
  }
}

/** Photos are decoded and written again: turned upright, with no EXIF, location or other metadata. */
async function reencodePhoto(file: string, mime: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  const image = sharp(file, { failOn: 'error' }).rotate();
  const output = mime === 'image/png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  await fs.writeFile(file, output);
}

type NewFile = { studentId: string; fileType: DocumentType; temp: string; originalName: string; mime: string; extension: string; size: number };

async function replaceFile(app: FastifyInstance, request: FastifyRequest, file: NewFile): Promise<void> {
  const folder = randomBytes(1).toString('hex');
  const storedName = `${folder}/${randomBytes(16).toString('hex')}${file.extension}`;
  const target = path.join(uploadsDir(app), storedName);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(file.temp, target);
  const actor = request.session?.kind === 'admin' ? await adminName(app, request) : null;
  let previous: UploadedFile | undefined;
  try {
    await app.writeTransaction(async (trx) => {
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
      if (actor)
        await writeAudit(trx, {
          actorKind: 'admin',
          actorId: actor,
          action: 'file.uploaded',
          studentId: file.studentId,
          ip: request.ip,
          detail: file.fileType,
        });
    });
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  if (previous) await fs.rm(path.join(uploadsDir(app), previous.stored_name), { force: true });
}

/** The documents progress flag: 1 when all four types are in. */
async function updateDocumentsFlag(db: Parameters<typeof filesRepository.countTypes>[0], studentId: string): Promise<void> {
  const count = await filesRepository.countTypes(db, studentId);
  await registrationRepository.saveProgress(db, studentId, { documents: count >= documentTypeNames.length ? 1 : 0 });
}

/** `DELETE /api/file`: removes the row and then its bytes. */
export async function deleteFile(app: FastifyInstance, request: FastifyRequest, studentId: string, fileType: string): Promise<{ message: string }> {
  if (!isDocumentType(fileType)) throw invalidField('fileType', 'Unknown document type.');
  await assertMayChange(app, request, studentId);
  const actor = request.session?.kind === 'admin' ? await adminName(app, request) : null;
  let removed: UploadedFile | undefined;
  await app.writeTransaction(async (trx) => {
    removed = await filesRepository.find(trx, studentId, fileType);
    if (!removed) throw new NotFound('There is no such file.');
    await filesRepository.remove(trx, removed.id);
    await updateDocumentsFlag(trx, studentId);
    if (actor) await writeAudit(trx, { actorKind: 'admin', actorId: actor, action: 'file.deleted', studentId, ip: request.ip, detail: fileType });
  });
  if (removed) await fs.rm(path.join(uploadsDir(app), removed.stored_name), { force: true });
  return { message: `${documentRules[fileType].label} removed.` };
}

/** The stored bytes of one file, with what the download needs to say about them. */
export async function readFile(app: FastifyInstance, studentId: string, fileType: string) {
  const file = await filesRepository.find(app.db, studentId, fileType);
  if (!file) throw new NotFound('There is no such file.');
  const bytes = await fs.readFile(path.join(uploadsDir(app), file.stored_name));
  return { file, bytes };
}
