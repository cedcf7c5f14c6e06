import { messages } from '@school/contract/messages';
import { ApiError, networkError, refusalOf, timeLimit } from './client.ts';

/** A PDF is made on the server and can be a few hundred KB: it gets longer than a call. */
export const PDF_TIMEOUT_MS = 60_000;

/** A PDF from the portal, held in the page: drawn by the viewer and downloaded from the same bytes. */
export type PdfFile = { blob: Blob; fileName: string };

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` before `filename="…"`), if any. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A badly encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

/**
 * GETs a PDF once (the server records each view of a report card or form), with the file name the
 * server gives it, so that a refusal (its JSON message) is shown in the page, not inside a viewer.
 */
export async function fetchPdf(url: string, { fallbackName = 'document.pdf', signal }: { fallbackName?: string; signal?: AbortSignal } = {}): Promise<PdfFile> {
  const limit = timeLimit(PDF_TIMEOUT_MS, signal);
  try {
    const response = await fetch(url, { credentials: 'include', signal: limit.signal, headers: { Accept: 'application/pdf' } });
    if (!response.ok) throw await refusalOf(response, messages.reportNotMade);
    const blob = await response.blob();
    return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName };
  } catch (error) {
    throw error instanceof ApiError ? error : networkError(error, limit.timedOut());
  } finally {
    limit.done();
  }
}
