import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentAttendance } from '@school/contract/responses';
import { api } from './client.ts';

export type { StudentAttendance };

/** GET /api/student-attendance/{student id}: the current term's figures and day records (SPEC §7). */
/** The address of a student's attendance this term. */
export const studentAttendancePath = (studentId: string) => `/api/student-attendance/${encodeURIComponent(studentId)}`;

export const getStudentAttendance = (studentId: string) => api<StudentAttendance>(studentAttendancePath(studentId));

export const getStudentAttendanceQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['student-attendance', studentId], queryFn: () => getStudentAttendance(studentId) });

export const useStudentAttendance = (studentId: string | null | undefined) =>
  useQuery({ ...getStudentAttendanceQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });
