import { StringDecoder } from 'node:string_decoder';
import type { ZipArchive, ZipEntry } from '../zip/index.ts';

/**
 * Counting the rows of an .xlsx sheet before exceljs parses it, so that a workbook of 260,000 rows
 * is refused at its row 5,002 instead of after seconds of parsing (issue: spreadsheet imports
 * freeze the server). The sheet's XML is inflated a chunk at a time and scanned for rows holding a
 * value; the scan stops at the first row past the cap.
 */

/** A tag's attribute, whatever its namespace prefix. */
const attribute = (tag: string, name: string) => new RegExp(`\\s(?:[\\w.-]+:)?${name}="([^"]*)"`).exec(tag)?.[1];

/** The sheet the workbook lists `sheet`-th (from 1, in tab order), found through the workbook's relationships; undefined when it cannot be told. */
export async function sheetEntry(zip: ZipArchive, sheet: number): Promise<ZipEntry | undefined> {
  const named = (name: string) => zip.entries.find((entry) => entry.name === name);
  const workbook = named('xl/workbook.xml');
  const relations = named('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) return undefined;
  const sheetTag = ((await zip.read(workbook)).toString('utf8').match(/<(?:[\w.-]+:)?sheet\s[^>]*>/g) ?? [])[sheet - 1];
  const relationId = sheetTag && attribute(sheetTag, 'id');
  if (!relationId) return undefined;
  const relation = ((await zip.read(relations)).toString('utf8').match(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g) ?? []).find(
    (tag) => attribute(tag, 'Id') === relationId,
  );
  const target = relation && attribute(relation, 'Target');
  if (!target) return undefined;
  return named(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
}

/** A row's start or end, a value's or an inline text's start or end, or text between tags. */
const TOKENS = /<(\/?)(?:[\w.-]+:)?(row|v|t)(?=[\s>/])[^>]*?(\/?)>|<[^>]*>|([^<]+)/g;

/**
 * Whether the sheet has more than `maxRows` rows holding a value: a cell with a non-blank value or
 * inline text (a shared string counts, blank or not: a cell Excel writes holds one only when it was
 * typed into). Reads no further than the row past the cap. The first such row is the header.
 */
export async function hasMoreRowsThan(zip: ZipArchive, entry: ZipEntry, maxRows: number): Promise<boolean> {
  const stream = zip.stream(entry);
  const decoder = new StringDecoder('utf8');
  let carried = '';
  let inValue = false;
  let rowHasValue = false;
  let rows = 0;
  try {
    for await (const chunk of stream) {
      const text = carried + decoder.write(chunk as Buffer);
      // A tag cut by the chunk's end waits for the next chunk.
      const cut = text.lastIndexOf('<');
      const whole = cut > text.lastIndexOf('>') ? text.slice(0, cut) : text;
      carried = text.slice(whole.length);
      for (const [, closing, name, selfClosed, between] of whole.matchAll(TOKENS)) {
        if (between !== undefined) {
          if (inValue && between.trim() !== '') rowHasValue = true;
        } else if (name === 'row') {
          if (!closing) rowHasValue = false;
          if (closing || selfClosed) {
            if (rowHasValue && ++rows > maxRows + 1) return true;
            rowHasValue = false;
          }
        } else if (name) inValue = !closing && !selfClosed;
      }
    }
    return false;
  } finally {
    (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
  }
}
