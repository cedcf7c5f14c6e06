import { messages } from '@school/contract/messages';
import { ApiError } from '../../../api/client.ts';

/** The report's address (SPEC §7): `/api/student-attendance-report/{id}/{start}/{end}`, dates yyyy-MM-dd. */
export const attendanceReportUrl = (studentId: string, start: string, end: string) =>
  `/api/student-attendance-report/${encodeURIComponent(studentId)}/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;

/**
 * GET the report PDF as a blob, so that a refused range (400 with its message) is shown in the
 * dialog rather than inside the frame.
 */
export async function getAttendanceReport(studentId: string, start: string, end: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(attendanceReportUrl(studentId, start, end), { credentials: 'include' });
  } catch {
    throw new ApiError(0, { message: messages.unreachable });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, { message: body?.message ?? messages.reportNotMade });
  }
  return response.blob();
}
