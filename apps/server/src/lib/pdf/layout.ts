import type { Content, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';
import { CREST_IMAGE, hasCrest } from './crest.ts';
import { zonedTimestamp } from '../time-zone.ts';
import { PDF_FONT } from './fonts.ts';

/** The page sizes of the school's documents: the registration form is printed on legal paper (SPEC §2), the rest on letter. */
export const pageSizes = { registrationForm: 'LEGAL', standard: 'LETTER' } as const;
export type SchoolPageSize = (typeof pageSizes)[keyof typeof pageSizes];

/** The school's colours on paper: dark blue headings, a red rule (SPEC §1's theme). */
export const pdfColours = { primary: '#0b2a5b', secondary: '#b71c1c', muted: '#555555', faint: '#888888', rule: '#dddddd' } as const;

/** What an empty value prints as. */
export const DASH = '—';

/** Page margins in points: the running header sits in the top margin, the footer in the bottom one. */
export const pageMargins: [number, number, number, number] = [40, 78, 40, 50];

/** Width of the printed area in points (both page sizes are 612 points wide; landscape turns them). */
export const contentWidth = (orientation: 'portrait' | 'landscape' = 'portrait', pageSize: SchoolPageSize = pageSizes.standard): number =>
  (orientation === 'portrait' ? 612 : pageSize === 'LEGAL' ? 1008 : 792) - pageMargins[0] - pageMargins[2];

export type SchoolDocumentOptions = {
  /** SCHOOL_NAME, shown in every page's header. */
  schoolName: string;
  /** The document's title, in every page's header and in the PDF's properties, e.g. 'Student Registration Form 2026-2027'. */
  title: string;
  /** `pageSizes.registrationForm` (legal) or `pageSizes.standard` (letter, the default). */
  pageSize?: SchoolPageSize;
  orientation?: 'portrait' | 'landscape';
  /** The school's time zone (SCHOOL_TIMEZONE): the footer's printed date is the school's wall clock. */
  timeZone: string;
  /** When the document was made; now by default. */
  printedAt?: Date;
  /** A line of the footer before the printed date, e.g. whose record this is. */
  footerNote?: string;
  /** The PDF's subject property. */
  subject?: string;
  /** Styles of the content, added to (or replacing) the toolkit's `section`, `label`, `value` and `tableHeader`. */
  styles?: StyleDictionary;
  content: Content[];
};

const baseStyles: StyleDictionary = {
  headerSchool: { fontSize: 13, bold: true, color: pdfColours.primary },
  headerTitle: { fontSize: 10, bold: true },
  heading: { fontSize: 11, bold: true, color: pdfColours.primary, margin: [0, 8, 0, 2] },
  section: { fontSize: 9.5, bold: true, margin: [0, 4, 0, 2] },
  label: { color: pdfColours.muted },
  value: { bold: true },
  tableHeader: { bold: true },
  footer: { fontSize: 7, color: '#666666' },
};

/**
 * What every page of a school document prints around its content: the header (crest, school
 * name, title, a red rule) and the footer (the note, the printed date, "Page n of m"). Plain
 * data, so that the printing process draws the same pages (`framedDocument`).
 */
export type PageFrame = { schoolName: string; title: string; width: number; crest: boolean; footerText: string };

/** A school document: pdfmake's definition with its page frame as data. */
export type SchoolDocument = TDocumentDefinitions & { frame: PageFrame };

const pageHeader = (frame: PageFrame): Content => ({
  margin: [pageMargins[0], 22, pageMargins[2], 0],
  stack: [
    {
      columns: [
        frame.crest ? { image: CREST_IMAGE, width: 30 } : { text: '', width: 30 },
        {
          stack: [
            { text: frame.schoolName, style: 'headerSchool' },
            { text: frame.title, style: 'headerTitle' },
          ],
          margin: [8, 1, 0, 0],
        },
      ],
    },
    { canvas: [{ type: 'line', x1: 0, y1: 5, x2: frame.width, y2: 5, lineWidth: 1.5, lineColor: pdfColours.secondary }] },
  ],
});

const pageFooter = (frame: PageFrame, page: number, pages: number): Content => ({
  margin: [pageMargins[0], 18, pageMargins[2], 0],
  columns: [
    { text: frame.footerText, style: 'footer' },
    { text: `Page ${page} of ${pages}`, alignment: 'right', style: 'footer', width: 70 },
  ],
});

/** The document with its header and footer drawn from its frame, as pdfmake takes it. */
export function framedDocument<T extends TDocumentDefinitions & { frame: PageFrame }>(document: T): T {
  return { ...document, header: () => pageHeader(document.frame), footer: (page: number, pages: number) => pageFooter(document.frame, page, pages) };
}

/**
 * A document of the school: every page has the header (crest, school name, title, a red rule)
 * and the footer (the note, "Printed yyyy-MM-dd HH:mm" in school time, "Page n of m"). Styles
 * `heading`, `section`, `label`, `value` and `tableHeader` are ready for the content. Render it
 * with `renderPdf` or `renderPdfStream`.
 */
export function schoolDocument(options: SchoolDocumentOptions): SchoolDocument {
  const pageSize = options.pageSize ?? pageSizes.standard;
  const orientation = options.orientation ?? 'portrait';
  const printed = `Printed ${zonedTimestamp(options.printedAt ?? new Date(), options.timeZone).slice(0, 16)}`;
  return framedDocument({
    pageSize,
    pageOrientation: orientation,
    pageMargins,
    info: { title: options.title, author: options.schoolName, subject: options.subject ?? options.title },
    defaultStyle: { font: PDF_FONT, fontSize: 8.5, lineHeight: 1.1 },
    styles: { ...baseStyles, ...options.styles },
    frame: {
      schoolName: options.schoolName,
      title: options.title,
      width: contentWidth(orientation, pageSize),
      crest: hasCrest(),
      footerText: [options.footerNote, printed].filter(Boolean).join(' · '),
    },
    content: options.content,
  });
}
