import {
  displayName,
  parentsShown,
  phonePrefix,
  progressStepLabels,
  studentFields,
  type FieldDef,
  type FieldValue,
  type StepKey,
  type StudentRecord,
} from '@school/contract';
import {
  DASH,
  dataTable,
  labelValueTable,
  pageSizes,
  renderPdf,
  schoolDocument,
  type Content,
  type PrintRequester,
  type SchoolDocument,
} from '../../lib/pdf/index.ts';

export type FormLabels = { religions: Map<string, string>; ethnicGroups: Map<string, string>; houses: Map<string, string> };
export type DocumentReceived = { type: string; label: string; received: string | null };
export type RegistrationFormInput = {
  schoolName: string;
  academicYear: string;
  /** The school's time zone, for the printed date. */
  timeZone: string;
  printedAt: Date;
  record: StudentRecord;
  labels: FormLabels;
  documents: DocumentReceived[];
  photo: Buffer | null;
  terms: string | null;
  /**
   * A linked guardian's agreement with the year's registration (decision 067), when the school asks
   * for it: each answer standing, its time already on the school's clock.
   */
  guardianAgreement?: {
    asked: boolean;
    given: boolean;
    answers: Array<{ guardian_name: string; relationship: string | null; agreed: boolean; typed_name: string; at: string }>;
  };
};

/** The line of a guardian's agreement under the student's (decision 067), or nothing when the school does not ask for it and none was given. */
function guardianAgreementLines(agreement: RegistrationFormInput['guardianAgreement']): Content[] {
  if (!agreement || (!agreement.asked && agreement.answers.length === 0)) return [];
  const answers = agreement.answers.map(
    (answer) =>
      `${answer.agreed ? 'Agreed' : 'Did not agree'}: ${answer.guardian_name}${answer.relationship ? ` (${answer.relationship})` : ''}, signed “${answer.typed_name}”, ${answer.at}`,
  );
  return [
    { text: `Agreed by a parent or guardian: ${agreement.given ? 'Yes' : 'No'}`, bold: true, margin: [0, 4, 0, 0] },
    ...(answers.length > 0
      ? [{ ul: answers, margin: [0, 2, 0, 0] } as Content]
      : [{ text: 'No linked parent or guardian has answered yet.', color: '#555555' }]),
  ];
}

/** How a value reads on paper: Yes/No for flags, 1868-xxx-xxxx for phones, names for codes. */
function display(field: FieldDef, value: FieldValue | undefined, labels: FormLabels): string {
  if (field.kind === 'flag') return value === 1 ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return DASH;
  const text = String(value);
  if (field.kind === 'phone') return `${phonePrefix}-${text.slice(0, 3)}-${text.slice(3)}`;
  if (field.list === 'religions') return labels.religions.get(text) ?? text;
  if (field.list === 'ethnicGroups') return labels.ethnicGroups.get(text) ?? text;
  if (field.list === 'houses') return labels.houses.get(text) ?? text;
  return text;
}

/** One section as a two-column table of label / value pairs. */
function sectionTable(title: string, fields: FieldDef[], record: StudentRecord, labels: FormLabels): Content[] {
  return labelValueTable(
    title,
    fields.map((field) => [field.label, display(field, record[field.name], labels)]),
  );
}

/** The sections to print: parent sections by living status, section 7 only with a permit. */
function visibleSections(record: StudentRecord): Array<[StepKey, string, FieldDef[]]> {
  const parents = new Set(parentsShown(record.living_status ?? null));
  for (const parent of ['mother', 'father', 'guardian'] as const) if (record[`${parent}_name`]) parents.add(parent);
  const sections = new Map<string, { step: StepKey; fields: FieldDef[] }>();
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

const houseField: FieldDef = { name: 'house_code', label: '', kind: 'reference', list: 'houses', step: 'studentData', section: '' };

/** The registration form (SPEC §2): every section of the record on legal pages, with photo, documents and agreement. */
export function registrationFormDefinition(input: RegistrationFormInput): SchoolDocument {
  const { record, labels } = input;
  const name = displayName(record);
  const body: Content[] = [];
  let step: StepKey | null = null;
  for (const [sectionStep, title, fields] of visibleSections(record)) {
    if (sectionStep !== step) {
      step = sectionStep;
      body.push({ text: progressStepLabels[step], style: 'heading' });
    }
    body.push(...sectionTable(title, fields, record, labels));
  }
  return schoolDocument({
    schoolName: input.schoolName,
    title: `Student Registration Form ${input.academicYear}`,
    pageSize: pageSizes.registrationForm,
    timeZone: input.timeZone,
    printedAt: input.printedAt,
    footerNote: `Registration form of ${name} (${record.id})`,
    subject: `Student ${record.id}`,
    styles: { student: { fontSize: 14, bold: true } },
    content: [
      {
        columns: [
          {
            stack: [
              { text: name || DASH, style: 'student' },
              {
                text: `Student ID ${record.id} · Class ${record.class_id ?? DASH} · House ${display(houseField, record.house_code, labels)}`,
                margin: [0, 4, 0, 0],
              },
            ],
            margin: [0, 6, 0, 0],
          },
          input.photo
            ? { image: `data:image/jpeg;base64,${input.photo.toString('base64')}`, fit: [80, 100], width: 80 }
            : {
                table: { widths: [70], heights: [90], body: [[{ text: 'No photo uploaded', alignment: 'center', color: '#888888', margin: [0, 38, 0, 0] }]] },
                width: 80,
              },
        ],
        columnGap: 8,
        margin: [0, 0, 0, 4],
      },
      ...body,
      { text: 'Documents received', style: 'heading' },
      dataTable(
        [{ header: 'Document' }, { header: 'Status', width: 110 }, { header: 'Received on', width: 130 }],
        input.documents.map((document) => [document.label, document.received ? 'Received' : 'Not received', document.received]),
      ),
      { text: 'Agreement', style: 'heading' },
      { text: input.terms ? `Terms agreed: ${input.terms}` : 'Terms and conditions of registration.', margin: [0, 0, 0, 2] },
      { text: `Agreed to the terms and conditions: ${record.agree_terms_conditions === 1 ? 'Yes' : 'No'}`, bold: true },
      ...guardianAgreementLines(input.guardianAgreement),
    ],
  });
}

/** Renders the form to a PDF buffer, printed for `requester` (decision 041). */
export function renderRegistrationForm(requester: PrintRequester, input: RegistrationFormInput): Promise<Buffer> {
  return renderPdf(registrationFormDefinition(input), requester);
}
