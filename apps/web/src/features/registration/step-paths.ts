import type { ProgressFlagKey } from '@school/contract/progress-steps';

/** Where each step lives under /registration (SPEC §2's routes). Apart from the steps, so the build can read it too. */
export const stepPaths: Record<ProgressFlagKey, string> = {
  studentData: 'student-data',
  familyData: 'family-data',
  healthData: 'health-data',
  otherData: 'other-data',
  documents: 'documents',
  submit: 'complete',
};
