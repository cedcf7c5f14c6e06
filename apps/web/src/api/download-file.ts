import { messages } from '@school/contract/messages';
import { ApiError } from './client.ts';

/**
 * GETs a file the portal makes (a spreadsheet, a PDF) and saves it under `fileName` once it has
 * fully arrived; throws an ApiError with the server's message when it cannot.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    throw new ApiError(0, { message: messages.unreachable });
  }
  if (!response.ok) {
    // The whole answer is kept: a bulk export's refusal says whether a code would let it go ahead (decision 049).
    const body = (await response.json().catch(() => null)) as ({ message?: string } & Record<string, unknown>) | null;
    throw new ApiError(response.status, { ...body, message: body?.message ?? 'The file could not be made. Please try again.' });
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
