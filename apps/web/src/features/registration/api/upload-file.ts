import type { StoreFileFields } from '@school/contract/requests';
import { formWithFile, postForm } from '../../../api/post-form.ts';

/** POST /api/store-file as multipart (id, file_type, then the file), reporting upload progress. */
export async function uploadFile(
  studentId: string,
  fileType: StoreFileFields['file_type'],
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ message: string }> {
  const fields: StoreFileFields = { id: studentId, file_type: fileType };
  const answer = await postForm<{ message?: string }>('/api/store-file', formWithFile(fields, file), onProgress);
  return { message: answer.message ?? 'Uploaded.' };
}
