import { formWithFile, postForm } from '../../../api/post-form.ts';

/** POST /api/store-file as multipart (id, file_type, then the file), reporting upload progress. */
export async function uploadFile(studentId: string, fileType: string, file: File, onProgress: (percent: number) => void): Promise<{ message: string }> {
  const answer = await postForm<{ message?: string }>('/api/store-file', formWithFile({ id: studentId, file_type: fileType }, file), onProgress);
  return { message: answer.message ?? 'Uploaded.' };
}
