/**
 * The names of the files the portal hands out (SPEC §9 names the spreadsheet): the server sends
 * them in Content-Disposition and the web saves under them, or falls back on them when a header
 * gives none, so a file is named alike whichever side names it.
 */
export const fileNames = {
  /** SPEC §9. */
  registrationData: 'Registration Data.xlsx',
  registrationReport: 'registration-report.pdf',
  studentImportTemplate: 'Student Import Template.xlsx',
  termResultsTemplate: 'Term Results Template.xlsx',
  attendanceReport: (studentId: string, start: string, end: string) => `attendance-${studentId}-${start}-${end}.pdf`,
  registrationForm: (studentId: string) => `registration-form-${studentId}.pdf`,
  reportCard: (studentId: string, year: number, term: string) => `report-card-${studentId}-${year}-term-${term}.pdf`,
  guardianLetters: (classId: string) => `Guardian letters ${classId}.pdf`,
  parentsContact: (classId: string, extension: 'pdf' | 'xlsx') => `Parents Contact ${classId === 'all' ? 'All Classes' : classId}.${extension}`,
  /** A consent form's answers, for one class or every class of the form. */
  consentAnswers: (title: string, classId: string | undefined, extension: 'csv' | 'pdf') =>
    `Consent ${title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 80)}${classId ? ` ${classId}` : ''}.${extension}`,
  /** The audit log's CSV, by the school's day it was made. */
  auditLog: (day: string) => `Audit Log ${day}.csv`,
  /** The OneRoster roster (decision 075), by the school's day it was made: the whole roster, or its changes since a moment. */
  oneRoster: (day: string, changes = false) => `OneRoster ${changes ? 'changes ' : ''}${day}.zip`,
  /** A student's copy of her data, by her ID (when known) and the school's day it was made. */
  myData: (studentId: string | null | undefined, day: string) => `${['My Data', studentId, day].filter(Boolean).join(' ')}.zip`,
} as const;
