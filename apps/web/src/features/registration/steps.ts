import { progressSteps, type ProgressFlagKey } from '@school/contract/progress-steps';
import { stepPaths } from './step-paths.ts';

/** The six steps (SPEC §2) in the contract's order and words, their paths and the progress flag that marks each complete. */
export const steps: Array<{ path: string; label: string; flag: ProgressFlagKey }> = progressSteps.map(({ key, label }) => ({
  path: stepPaths[key],
  label,
  flag: key,
}));
