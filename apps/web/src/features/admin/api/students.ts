import type { StudentRecord } from '@school/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type StudentRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  date_of_birth: string | null;
  birth_certificate_no: string | null;
  updatedAt: string;
};

/** GET /api/students: the admin table's rows. */
export const studentsQuery = queryOptions({ queryKey: ['admin', 'students'], queryFn: () => api<StudentRow[]>('/api/students') });

/** GET /api/student/{id}: the whole record (the edit dialog saves it back whole). */
export const fetchStudentRecord = async (id: string) => (await api<{ record: StudentRecord }>(`/api/student/${encodeURIComponent(id)}`)).record;

/** POST /api/student: the same save as the wizard, with the same 409 rule. */
export const saveStudentRecord = (record: StudentRecord) => api<{ record: StudentRecord }>('/api/student', { method: 'POST', body: record });

/** POST /api/reset-password-student: 200 means the student signs in with her date of birth again. */
export const resetStudentPassword = (studentId: string) =>
  api<{ message: string }>('/api/reset-password-student', { method: 'POST', body: { student_id: studentId } });
