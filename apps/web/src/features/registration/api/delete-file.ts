import type { DeleteFileQuery } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** DELETE /api/file (query id, fileName, fileType). */
export const deleteFile = (studentId: string, file: { name: string; type: DeleteFileQuery['fileType'] }) => {
  const query: DeleteFileQuery = { id: studentId, fileName: file.name, fileType: file.type };
  return api<{ message: string }>(`/api/file?${new URLSearchParams(query)}`, { method: 'DELETE' });
};
