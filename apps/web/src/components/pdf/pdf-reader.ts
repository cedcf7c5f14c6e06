// pdf.js's legacy build: the modern one calls browser features of this year's Chrome only
// (Map.getOrInsertComputed and others) and would fail on the older phones students keep.
import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

export { RenderingCancelledException, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The worker is one of the portal's own files, so the CSP's worker-src 'self' allows it.
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF from its bytes in pdf.js (they are handed to its worker: pass a copy you can lose). The portal's PDFs use the standard fonts without embedding
 * them, so the phone's own sans-serif draws them (no font files to fetch); nothing is evaluated as
 * code (the CSP forbids it) and no WebAssembly is fetched (the pages need no JPEG 2000 or ICC work).
 */
export function openPdf(data: Uint8Array): PDFDocumentLoadingTask {
  return getDocument({ data, isEvalSupported: false, useSystemFonts: true, useWasm: false, enableXfa: false });
}
