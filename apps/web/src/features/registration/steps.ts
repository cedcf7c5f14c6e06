import { progressSteps, type ProgressFlagKey } from '@school/contract/progress-steps';

/** Where each step lives under /registration (SPEC §2's routes). */
const stepPaths: Record<ProgressFlagKey, string> = {
  studentData: 'student-data',
  familyData: 'family-data',
  healthData: 'health-data',
  otherData: 'other-data',
  documents: 'documents',
  submit: 'complete',
};

/** The six steps (SPEC §2) in the contract's order and words, their paths and the progress flag that marks each complete. */
export const steps: Array<{ path: string; label: string; flag: ProgressFlagKey }> = progressSteps.map(({ key, label }) => ({
  path: stepPaths[key],
  label,
  flag: key,
}));
