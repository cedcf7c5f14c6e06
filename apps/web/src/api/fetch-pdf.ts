import { messages } from '@school/contract/messages';
import { ApiError } from './client.ts';

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
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal, headers: { Accept: 'application/pdf' } });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: messages.unreachable });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, { message: body?.message ?? messages.reportNotMade });
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName };
}
