import zlib from 'node:zlib';

/** pdfkit writes the standard fonts' text in WinAnsi (Windows-1252), whose bytes 0x80–0x9F are not Latin-1's: '—' is 0x97. */
const winAnsiExtras: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };
const winAnsi = { decode: (bytes: Buffer) => Array.from(bytes, (byte) => winAnsiExtras[byte] ?? String.fromCharCode(byte)).join('') };

/** The text a PDF shows: its content streams inflated, and the hex strings of their TJ operators decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  // Each stream is read by its declared /Length, so binary data can never end it early.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      texts.push([...tj[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((hex) => winAnsi.decode(Buffer.from(hex[1], 'hex'))).join(''));
    }
  }
  return texts.join(' ').replace(/\s+/g, ' ');
}

/** How many pages a PDF has. */
export const pdfPageCount = (pdf: Buffer): number => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
