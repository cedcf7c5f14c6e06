import { describe, expect, it } from 'vitest';
import {
  completenessSteps,
  progressFlagKeys,
  progressFlags,
  progressFlagsSchema,
  progressStepLabels,
  progressSteps,
  stepKeys,
  studentFields,
} from '../src/index.ts';

describe('the progress flags, one list', () => {
  it('are the six flags of SPEC §3 in the wizard’s order, each with its step’s label', () => {
    expect(progressSteps.map((step) => [step.key, step.label])).toEqual([
      ['studentData', 'Student Data'],
      ['familyData', 'Family Data'],
      ['healthData', 'Health Data'],
      ['otherData', 'Other Data'],
      ['documents', 'Documents'],
      ['submit', 'Complete'],
    ]);
    expect(progressStepLabels.otherData).toBe('Other Data');
  });

  it('give the steps that count towards completeness and those that hold the record’s fields', () => {
    expect(completenessSteps.map((step) => step.key)).toEqual(['studentData', 'familyData', 'healthData', 'otherData', 'documents']);
    expect(stepKeys).toEqual(['studentData', 'familyData', 'healthData', 'otherData']);
    expect(new Set(studentFields.map((field) => field.step))).toEqual(new Set(stepKeys));
  });

  it('shape the API’s progress answer: every flag and no other', () => {
    expect(Object.keys(progressFlagsSchema.shape)).toEqual([...progressFlagKeys]);
    const none = progressFlags();
    expect(none).toEqual({ studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0 });
    expect(progressFlagsSchema.safeParse({ ...none, submit: 2 }).success).toBe(false);
    expect(progressFlags((key) => (key === 'documents' ? 1 : 0)).documents).toBe(1);
  });
});
