import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { CREST_IMAGE, crestPicture } from './crest.ts';

/** pdfmake 0.2's server-side printer (its published types describe only the browser build). */
type PdfKitDocument = NodeJS.ReadableStream & { end(): void };
type Printer = { createPdfKitDocument(definition: TDocumentDefinitions): PdfKitDocument };

/** The one font family: pdfkit's built-in Helvetica, which needs no font files. */
export const PDF_FONT = 'Helvetica';

let printer: Printer | undefined;
/** The one printer, made at the first document: a server that prints none never loads pdfmake. */
function pdfPrinter(): Printer {
  if (!printer) {
    const PdfPrinter = createRequire(import.meta.url)('pdfmake') as new (fonts: TFontDictionary) => Printer;
    printer = new PdfPrinter({
      [PDF_FONT]: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
    });
  }
  return printer;
}

/**
 * Renders a document definition (usually from `schoolDocument`) to a stream of PDF bytes, for
 * `reply.type('application/pdf').send(renderPdfStream(definition))` when the document is long.
 */
export function renderPdfStream(definition: TDocumentDefinitions): Readable {
  const output = new PassThrough();
  crestPicture()
    .then((crest) => {
      // Named once in the document's images, the crest is embedded once however many pages show it.
      const document = pdfPrinter().createPdfKitDocument({ ...definition, images: { [CREST_IMAGE]: crest, ...definition.images } });
      document.on('error', (error: Error) => output.destroy(error));
      document.pipe(output);
      document.end();
    })
    .catch((error: Error) => output.destroy(error));
  return output;
}

/** Renders a document definition to one Buffer of PDF bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderPdfStream(definition)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
