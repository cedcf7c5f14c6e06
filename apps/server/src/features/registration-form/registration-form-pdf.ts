import fs from 'node:fs';
import { parentsShown, studentFields, type FieldDef, type FieldValue, type StudentRecord } from '@school/contract';
import { createRequire } from 'node:module';
import { crestFile } from '../../paths.ts';
import type { Content, TableCell, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

/** pdfmake 0.2's server-side printer (its published types describe only the browser build). */
type PdfKitDocument = NodeJS.ReadableStream & { end(): void };
type Printer = { createPdfKitDocument(definition: TDocumentDefinitions): PdfKitDocument };

let printer: Printer | undefined;
/** Loaded at the first form, so a server that prints none never pays for pdfmake; pdfkit's built-in Helvetica needs no font files. */
function pdfPrinter(): Printer {
  if (!printer) {
    const PdfPrinter = createRequire(import.meta.url)('pdfmake') as new (fonts: TFontDictionary) => Printer;
    printer = new PdfPrinter({
      Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
    });
  }
  return printer;
}

let crest: string | null | undefined;
/** The school crest, read once. */
function crestSvg(): string | null {
  if (crest === undefined) crest = fs.existsSync(crestFile) ? fs.readFileSync(crestFile, 'utf8') : null;
  return crest;
}

export type FormLabels = { religions: Map<string, string>; ethnicGroups: Map<string, string>; houses: Map<string, string> };
export type DocumentReceived = { type: string; label: string; received: string | null };
export type RegistrationFormInput = {
  schoolName: string;
  academicYear: string;
  generatedAt: string;
  record: StudentRecord;
  labels: FormLabels;
  documents: DocumentReceived[];
  photo: Buffer | null;
  terms: string | null;
};

const BLUE = '#0b2a5b';
const DASH = '—';

/** How a value reads on paper: Yes/No for flags, 1868-xxx-xxxx for phones, names for codes. */
function display(field: FieldDef, value: FieldValue | undefined, labels: FormLabels): string {
  if (field.kind === 'flag') return value === 1 ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return DASH;
  const text = String(value);
  if (field.kind === 'phone') return `1868-${text.slice(0, 3)}-${text.slice(3)}`;
  if (field.list === 'religions') return labels.religions.get(text) ?? text;
  if (field.list === 'ethnicGroups') return labels.ethnicGroups.get(text) ?? text;
  if (field.list === 'houses') return labels.houses.get(text) ?? text;
  return text;
}

/** One section as a two-column table of label / value pairs. */
function sectionTable(title: string, fields: FieldDef[], record: StudentRecord, labels: FormLabels): Content[] {
  const cells: TableCell[][] = [];
  for (let index = 0; index < fields.length; index += 2) {
    const row: TableCell[] = [];
    for (const field of [fields[index], fields[index + 1]]) {
      if (field) row.push({ text: field.label, style: 'label' }, { text: display(field, record[field.name], labels), style: 'value' });
      else row.push({ text: '' }, { text: '' });
    }
    cells.push(row);
  }
  return [
    { text: title, style: 'section' },
    { table: { widths: [95, '*', 95, '*'], body: cells }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 6] },
  ];
}

const stepTitles: Record<string, string> = { studentData: 'Student Data', familyData: 'Family Data', healthData: 'Health Data', otherData: 'Other Data' };

/** The sections to print: parent sections by living status, section 7 only with a permit. */
function visibleSections(record: StudentRecord): Array<[string, string, FieldDef[]]> {
  const parents = new Set(parentsShown(record.living_status ?? null));
  for (const parent of ['mother', 'father', 'guardian'] as const) if (record[`${parent}_name`]) parents.add(parent);
  const sections = new Map<string, { step: string; fields: FieldDef[] }>();
  for (const field of studentFields) {
    const entry = sections.get(field.section) ?? { step: field.step, fields: [] };
    entry.fields.push(field);
    sections.set(field.section, entry);
  }
  return [...sections]
    .filter(([title, { fields }]) => {
      const parent = fields[0].parent;
      if (parent) return parents.has(parent);
      if (title.startsWith('Section 7')) return record.immigration_permit === 1;
      if (title === 'Family' || title === 'Emergency Contact') return parents.size > 0;
      return true;
    })
    .map(([title, { step, fields }]) => [step, title, fields]);
}

/** The registration form (SPEC §2): every section of the record on legal pages, with crest, photo, documents and agreement. */
export function registrationFormDefinition(input: RegistrationFormInput): TDocumentDefinitions {
  const { record, labels } = input;
  const name = [record.first_name, record.middle_name, record.last_name].filter(Boolean).join(' ');
  const svg = crestSvg();
  const body: Content[] = [];
  let step = '';
  for (const [sectionStep, title, fields] of visibleSections(record)) {
    if (sectionStep !== step) {
      step = sectionStep;
      body.push({ text: stepTitles[step], style: 'step' });
    }
    body.push(...sectionTable(title, fields, record, labels));
  }
  return {
    pageSize: 'LEGAL',
    pageOrientation: 'portrait',
    pageMargins: [40, 40, 40, 50],
    info: { title: `Registration Form – ${name}`, author: input.schoolName, subject: `Student ${record.id}` },
    defaultStyle: { font: 'Helvetica', fontSize: 8.5, lineHeight: 1.1 },
    styles: {
      school: { fontSize: 16, bold: true, color: BLUE },
      title: { fontSize: 12, bold: true },
      step: { fontSize: 11, bold: true, color: BLUE, margin: [0, 8, 0, 2] },
      section: { fontSize: 9.5, bold: true, margin: [0, 4, 0, 2] },
      label: { color: '#555555' },
      value: { bold: true },
    },
    footer: (page, pages) => ({
      columns: [
        { text: `${input.schoolName} · Registration form of ${name} (${record.id}) · generated ${input.generatedAt}`, fontSize: 7, color: '#666666' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7, color: '#666666' },
      ],
      margin: [40, 15, 40, 0],
    }),
    content: [
      {
        columns: [
          svg ? { svg, width: 48 } : { text: '', width: 48 },
          {
            stack: [
              { text: input.schoolName, style: 'school' },
              { text: `Student Registration Form ${input.academicYear}`, style: 'title' },
              {
                text: `${name} · Student ID ${record.id} · Class ${record.class_id ?? DASH} · House ${display({ name: 'house_code', label: '', kind: 'reference', list: 'houses', step: 'studentData', section: '' }, record.house_code, labels)}`,
                margin: [0, 4, 0, 0],
              },
            ],
            margin: [10, 2, 0, 0],
          },
          input.photo
            ? { image: `data:image/jpeg;base64,${input.photo.toString('base64')}`, fit: [80, 100], width: 80 }
            : {
                table: { widths: [70], heights: [90], body: [[{ text: 'No photo uploaded', alignment: 'center', color: '#888888', margin: [0, 38, 0, 0] }]] },
                width: 80,
              },
        ],
        columnGap: 8,
      },
      { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 532, y2: 6, lineWidth: 1.5, lineColor: '#b71c1c' }], margin: [0, 0, 0, 4] },
      ...body,
      { text: 'Documents received', style: 'step' },
      {
        table: {
          widths: ['*', 110, 130],
          body: [
            [
              { text: 'Document', bold: true },
              { text: 'Status', bold: true },
              { text: 'Received on', bold: true },
            ],
            ...input.documents.map((document) => [document.label, document.received ? 'Received' : 'Not received', document.received ?? DASH]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Agreement', style: 'step' },
      { text: input.terms ? `Terms agreed: ${input.terms}` : 'Terms and conditions of registration.', margin: [0, 0, 0, 2] },
      { text: `Agreed to the terms and conditions: ${record.agree_terms_conditions === 1 ? 'Yes' : 'No'}`, bold: true },
    ],
  };
}

/** Renders the form to a PDF buffer. */
export function renderRegistrationForm(input: RegistrationFormInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = pdfPrinter().createPdfKitDocument(registrationFormDefinition(input));
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.end();
  });
}
