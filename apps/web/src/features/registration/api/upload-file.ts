import { ApiError, csrfHeaders, ensureCsrfCookie } from '../../../api/client.ts';

/**
 * POST /api/store-file as multipart (id, file_type, then the file), reporting upload progress;
 * XMLHttpRequest is the one browser call that reports it.
 */
export async function uploadFile(studentId: string, fileType: string, file: File, onProgress: (percent: number) => void): Promise<{ message: string }> {
  await ensureCsrfCookie();
  const form = new FormData();
  form.append('id', studentId);
  form.append('file_type', fileType);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/store-file');
    request.withCredentials = true;
    for (const [name, value] of Object.entries(csrfHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      let body: { message?: string; errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: keep the empty body
      }
      if (request.status >= 200 && request.status < 300) resolve({ message: body.message ?? 'Uploaded.' });
      else reject(new ApiError(request.status, { message: body.message ?? '', errors: body.errors }));
    };
    request.onerror = () => reject(new ApiError(0, { message: '' }));
    request.send(form);
  });
}
