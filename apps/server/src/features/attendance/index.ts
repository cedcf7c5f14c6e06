/** Attendance from card scans (SPEC §2, §5, §7; decisions 022 and 023). */
export { attendanceRoutes } from './routes.ts';
export { attendanceHistory, calendarDaysBetween, recordedDays, scannedTermAttendance, termAttendanceSummary, type RecordedDay } from './service.ts';
export { createScannerToken, listScannerTokens, revokeScannerToken } from './scanner-tokens.ts';
export { recordEndedSchoolDays, registerSchoolDayEnd } from './school-day-end.ts';
