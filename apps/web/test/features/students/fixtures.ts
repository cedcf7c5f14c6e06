import type { StudentRow } from '../../../src/features/students/api/get-students.ts';
import { registration } from '../registration/fixtures.tsx';

/** The table row the admin acts on. */
export const row: StudentRow = {
  id: '20260001',
  first_name: 'Kezia',
  last_name: 'Charles',
  class_id: '1A',
  date_of_birth: '2013-09-21',
  birth_certificate_no: 'B1234567',
  updatedAt: '2026-09-01T00:00:00.000Z',
};

/** The same student's whole record as GET /api/student/{id} answers it. */
export const stored = () => registration({ class_id: '1A', date_of_birth: '2013-09-21', birth_certificate_no: 'B1234567', allergy: null });
