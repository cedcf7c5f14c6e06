import { z } from 'zod';
import { documentMessages, documentTypeNames } from '../documents.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { hasOnlyXmlCharacters } from '../xml-characters.ts';
import type { TextFields } from './common.ts';

const studentId = studentIdField;
/** One of the four document types, in a body, a query or a path. */
export const documentTypeField = z.enum(documentTypeNames, { message: documentMessages.unknownType });

/** POST /api/store-file (multipart, the file last): whose document it is and which of the four. */
export const storeFileRequest = z.object({ id: studentId, file_type: documentTypeField });
export type StoreFileFields = TextFields<typeof storeFileRequest>;

/** DELETE /api/file?id=…&fileType=… (SPEC §7 also sends the file's name, which is not needed). */
export const deleteFileQuery = z.object({ id: studentId, fileName: z.string().max(300).optional(), fileType: documentTypeField });
export type DeleteFileQuery = TextFields<typeof deleteFileQuery>;

/** POST /api/student-data-files (SPEC §7): the student's ID and up to 49 more plain values of her data file. */
export const studentDataFileRequest = z
  .object({ student_id: studentId })
  .catchall(z.union([z.string().max(2000).refine(hasOnlyXmlCharacters, messages.forbiddenCharacter('A value of the data file')), z.number(), z.null()]))
  .refine((body) => Object.keys(body).length <= 50, 'The record has too many fields.');
