import { messages } from '@school/contract/messages';
import { ApiError, refusalOf } from './client.ts';
import { fileNameFromDisposition } from './fetch-pdf.ts';

/**
 * GETs a file the portal makes (a spreadsheet, a PDF) and saves it under `fileName`, or else the
 * name the server gives it, once it has fully arrived; throws an ApiError with the server's answer
 * when it cannot.
 */
export async function downloadFile(url: string, fileName?: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    throw new ApiError(0, { message: messages.unreachable });
  }
  if (!response.ok) throw await refusalOf(response, 'The file could not be made. Please try again.');
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName ?? fileNameFromDisposition(response.headers.get('content-disposition')) ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
