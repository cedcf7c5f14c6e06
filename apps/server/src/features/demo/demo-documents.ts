import { documentTypeNames, documentTypes, type DocumentType } from '@school/contract';
import sharp from 'sharp';

/** One demo document's bytes and how an upload of it would have been named. */
export type DemoDocument = { fileType: DocumentType; name: string; mime: string; extension: string; bytes: Buffer };

/** A one-page PDF that says what it is, with a correct cross-reference table (any PDF reader opens it). */
function onePagePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 700 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The four documents a demo student who has agreed has uploaded (decision 026: the agreement
 * waits for them): a page for each PDF and a plain passport-sized photo, made once and shared.
 */
export async function demoDocuments(): Promise<DemoDocument[]> {
  const photo = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#8fa3c7' } })
    .png()
    .toBuffer();
  return documentTypeNames.map((fileType) =>
    fileType === 'picture'
      ? { fileType, name: 'photo.png', mime: 'image/png', extension: '.png', bytes: photo }
      : { fileType, name: `${fileType}.pdf`, mime: 'application/pdf', extension: '.pdf', bytes: onePagePdf(`Demo ${documentTypes[fileType].title}`) },
  );
}
