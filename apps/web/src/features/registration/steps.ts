import type { ProgressFlags } from '../../api/get-student.ts';

/** The six steps (SPEC §2), their paths and the progress flag that marks each complete. */
export const steps: Array<{ path: string; label: string; flag: keyof ProgressFlags }> = [
  { path: 'student-data', label: 'Student Data', flag: 'studentData' },
  { path: 'family-data', label: 'Family Data', flag: 'familyData' },
  { path: 'health-data', label: 'Health Data', flag: 'healthData' },
  { path: 'other-data', label: 'Other Data', flag: 'otherData' },
  { path: 'documents', label: 'Documents', flag: 'documents' },
  { path: 'complete', label: 'Complete', flag: 'submit' },
];
