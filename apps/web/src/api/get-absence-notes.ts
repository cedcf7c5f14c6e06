import type { AbsenceNoteStatus } from '@school/contract/absence-notes';
import type { AbsenceNotesPage } from '@school/contract/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export type { AbsenceNotesPage };

/** Which notes to read (decision 065): one student's (a guardian's daughter, or left out for a student's own), or the office's of a state and class. */
export type AbsenceNotesSearch = { studentId?: string; status?: AbsenceNoteStatus; classId?: string; page?: number };

/** Every copy of a notes list: read again after a note is sent or answered. */
export const absenceNotesKey = ['absence-notes'] as const;

/** The address of a page of notes. */
export function absenceNotesPath({ studentId, status, classId, page }: AbsenceNotesSearch): string {
  const params = new URLSearchParams();
  if (studentId) params.set('student_id', studentId);
  if (status) params.set('status', status);
  if (classId) params.set('class_id', classId);
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/api/absence-notes${query ? `?${query}` : ''}`;
}

/** GET /api/absence-notes: a page of notes, newest first, with how many wait and whether the caller may send one. */
export const getAbsenceNotes = (search: AbsenceNotesSearch) => api<AbsenceNotesPage>(absenceNotesPath(search));

export const getAbsenceNotesQueryOptions = (search: AbsenceNotesSearch) =>
  queryOptions({
    queryKey: [...absenceNotesKey, search.studentId ?? '', search.status ?? '', search.classId ?? '', search.page ?? 1],
    queryFn: () => getAbsenceNotes(search),
    placeholderData: keepPreviousData,
  });

export const useAbsenceNotes = (search: AbsenceNotesSearch, enabled = true) => useQuery({ ...getAbsenceNotesQueryOptions(search), enabled });
