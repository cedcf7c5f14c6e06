import { messages } from '@school/contract/messages';
import { ApiError, csrfHeaders, ensureCsrfCookie } from './client.ts';

/** How long an upload may take before it is given up. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Posts a multipart form (a file and its fields) and reports upload progress in percent;
 * XMLHttpRequest is the one browser call that reports it. Answers the parsed JSON, or throws an
 * ApiError with the server's `{ message, errors }` (status 0 when the network failed).
 */
export async function postForm<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  await ensureCsrfCookie();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders())) request.setRequestHeader(name, value);
    if (onProgress) request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      let body: (Record<string, unknown> & { message?: string; errors?: Record<string, string[]> }) | undefined;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: answered below by the status alone
      }
      if (request.status >= 200 && request.status < 300) resolve((body ?? {}) as T);
      else reject(new ApiError(request.status, { ...body, message: body?.message ?? (request.statusText || 'The portal could not handle the file.') }));
    };
    request.onerror = () => reject(new ApiError(0, { message: messages.unreachable }));
    // A file of 10 MB on slow mobile data takes minutes; a stalled one must still end.
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.ontimeout = () => reject(new ApiError(0, { message: messages.timedOut }));
    request.send(form);
  });
}

/** A FormData of the given fields (skipping undefined ones) and, last, the file. */
export function formWithFile(fields: Record<string, string | undefined>, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', file);
  return form;
}
