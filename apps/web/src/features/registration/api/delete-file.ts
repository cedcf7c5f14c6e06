import { api } from '../../../api/client.ts';
import type { UploadedFile } from './get-files.ts';

/** DELETE /api/file (query id, fileName, fileType). */
export const deleteFile = (studentId: string, file: UploadedFile) =>
  api<{ message: string }>(`/api/file?${new URLSearchParams({ id: studentId, fileName: file.name, fileType: file.type })}`, { method: 'DELETE' });
