import type { StudentRecord } from '@school/contract';
import type { Progress, RegistrationTerms, RegistrationWindow } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from './client.ts';

export type { RegistrationTerms, RegistrationWindow };
/** The progress as the API answers it: each step's flag (done: complete and reviewed) and which steps she has reviewed this year. */
export type ProgressFlags = Progress;

/** A student's whole record with its progress flags, her form level's registration window (with the school year), the school's terms and the day she completed it. */
export type Registration = {
  record: StudentRecord;
  progress: ProgressFlags;
  registration: RegistrationWindow;
  terms: RegistrationTerms;
  completed_on: string | null;
};

/** GET /api/student/{id}: the student's own record in the wizard, any student's in the admin's edit dialog. */
/** The address of a student's record. */
export const studentPath = (studentId: string) => `/api/student/${encodeURIComponent(studentId)}`;

export const getStudent = (studentId: string) => api<Registration>(studentPath(studentId));

export const getStudentQueryOptions = (studentId: string) => queryOptions({ queryKey: ['student', studentId], queryFn: () => getStudent(studentId) });

/** The record of one student; each screen says how long its copy stays fresh. */
export const useStudent = (studentId: string, options: { enabled?: boolean; staleTime?: number; gcTime?: number } = {}) =>
  useQuery({ ...getStudentQueryOptions(studentId), ...options });

/**
 * The record for the student's dashboard card, cached apart from the wizard's copy: the wizard
 * reads the record afresh on each visit, never from what the dashboard read a moment before.
 */
export const useStudentSummary = (studentId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: ['student', studentId, 'summary'], queryFn: () => getStudent(studentId), gcTime: 0, ...options });

let visits = 0;

/**
 * The record for one visit of the wizard, cached under that visit alone: read afresh each time she
 * opens it, never from a copy another screen or an earlier visit read (one from before her last
 * changes, however recent), and dropped when the visit ends.
 */
export function useStudentForVisit(studentId: string) {
  const [visit] = useState(() => (visits += 1));
  return useQuery({
    queryKey: ['student', studentId, 'visit', visit],
    queryFn: () => getStudent(studentId),
    enabled: Boolean(studentId),
    staleTime: Infinity,
    gcTime: 0,
  });
}
