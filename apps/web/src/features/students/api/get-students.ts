import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** One row of the admin's students table. */
export type StudentRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  date_of_birth: string | null;
  birth_certificate_no: string | null;
  updatedAt: string;
  /** The day she left the school ('yyyy-MM-dd'), only for a student who has left. */
  left_on?: string;
  /** Whether she has a guardian with a live, unrestricted link (decision 062): a teacher sees that there is one, never who. */
  has_guardian?: boolean;
};

/** GET /api/students: every student, for the admin's table. */
export const getStudents = () => api<StudentRow[]>('/api/students');

export const getStudentsQueryOptions = () => queryOptions({ queryKey: ['students'], queryFn: getStudents });

export const useStudents = () => useQuery(getStudentsQueryOptions());
