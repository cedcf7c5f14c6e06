import { fileNames } from '@school/contract/file-names';
import { fetchPdf, type PdfFile } from './fetch-pdf.ts';

/** The report's address (SPEC §7): `/api/student-attendance-report/{id}/{start}/{end}`, dates yyyy-MM-dd. */
export const attendanceReportUrl = (studentId: string, start: string, end: string) =>
  `/api/student-attendance-report/${encodeURIComponent(studentId)}/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;

/**
 * GET the report PDF, so that a refused range (400 with its message) is shown in the dialog
 * rather than inside the viewer.
 */
export function getAttendanceReport(studentId: string, start: string, end: string): Promise<PdfFile> {
  return fetchPdf(attendanceReportUrl(studentId, start, end), { fallbackName: fileNames.attendanceReport(studentId, start, end) });
}
