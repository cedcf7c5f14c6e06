/**
 * The wizard's steps (SPEC §2) as SPEC §3's form progress flags name them, in order, each with the
 * label the wizard, the registration form, the report and the spreadsheet show: the one list of
 * them. The first four hold the record's fields (`FieldDef.step`); `submit` is the agreement, set
 * only while every other step is complete (decision 026).
 */
export const progressSteps = [
  { key: 'studentData', label: 'Student Data' },
  { key: 'familyData', label: 'Family Data' },
  { key: 'healthData', label: 'Health Data' },
  { key: 'otherData', label: 'Other Data' },
  { key: 'documents', label: 'Documents' },
  { key: 'submit', label: 'Complete' },
] as const;

type ProgressStep = (typeof progressSteps)[number];
export type ProgressFlagKey = ProgressStep['key'];
/** The steps that count towards completeness: all but the agreement. */
export type CompletenessStepKey = Exclude<ProgressFlagKey, 'submit'>;
/** The steps that hold the record's fields. */
export type StepKey = Exclude<CompletenessStepKey, 'documents'>;

// The derived lists are marked pure so that a bundle that reads only `progressSteps` leaves them out.

/** The flags' names, in order (the columns of the progress row). */
export const progressFlagKeys: readonly ProgressFlagKey[] = /* @__PURE__ */ progressSteps.map((step) => step.key);

/** The steps that count towards completeness, with their labels. */
export const completenessSteps = /* @__PURE__ */ progressSteps.filter(
  (step): step is Extract<ProgressStep, { key: CompletenessStepKey }> => step.key !== 'submit',
);

/** The steps that hold the record's fields, in order. */
export const stepKeys: readonly StepKey[] = /* @__PURE__ */ progressFlagKeys.filter((key): key is StepKey => key !== 'documents' && key !== 'submit');

/** Each step's label by its flag's name. */
export const progressStepLabels = /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ progressSteps.map((step) => [step.key, step.label])) as Readonly<
  Record<ProgressFlagKey, string>
>;

/** The steps a student reviews each year (decision 026): every step that counts towards completeness. */
export const reviewedStepKeys: readonly CompletenessStepKey[] = /* @__PURE__ */ completenessSteps.map((step) => step.key);

/** Per step, 1 once the student has reviewed it this year: saved one of its fields, uploaded a document, or pressed 'Nothing has changed'. */
export type ReviewedSteps = Record<CompletenessStepKey, number>;

/** The flags with each value from `valueOf` (every flag 0 for a record with no progress yet). */
export function progressFlags(valueOf: (key: ProgressFlagKey) => number = () => 0): Record<ProgressFlagKey, number> {
  return Object.fromEntries(progressFlagKeys.map((key) => [key, valueOf(key)])) as Record<ProgressFlagKey, number>;
}
