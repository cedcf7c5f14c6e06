import { stillToUpload, type DocumentType } from './documents.ts';
import { fieldsOfStep, fieldTitle, filled, missingFields, todayIso, type FieldValue } from './field-rules.ts';
import { completenessSteps, type CompletenessStepKey, type StepKey } from './progress-steps.ts';
import type { FieldDef } from './student-fields.ts';

/** One step's state as the Complete step shows it and the server judges it (decision 026). */
export type StepState = {
  key: CompletenessStepKey;
  label: string;
  complete: boolean;
  /** Titles of required fields left empty. */
  missing: string[];
  /** Titles of filled fields whose value is not valid. */
  invalid: string[];
  /** What else the step needs, when it is not a field (the documents, her review this year). */
  note: string | null;
};

/**
 * What completeness knows besides the record: whether every document is in (and, when it is known,
 * which are not), and which steps she has reviewed this year (decision 026).
 */
export type CompletenessFacts = {
  documentsComplete: boolean;
  /** The documents not uploaded yet, when the caller has read them: the note names them. */
  missingDocuments?: readonly DocumentType[];
  reviewed: (key: CompletenessStepKey) => boolean;
};

export const completenessNotes = {
  notReviewed: "Check this step and press 'Nothing has changed', or change what is different.",
  documentsMissing: 'Upload every document (birth certificate, immunization card, SEA slip and photo).',
  /** The documents still to upload, by the titles of their slots on the Documents step. */
  uploadDocuments: stillToUpload,
} as const;

/** What the Documents step still needs, when it is not complete. */
const documentsNote = (missing: readonly DocumentType[] | undefined) =>
  missing && missing.length > 0 ? completenessNotes.uploadDocuments(missing) : completenessNotes.documentsMissing;

/** Whether a filled value is valid for its field, on `today`. */
export type ValueCheck = (field: FieldDef, value: FieldValue, today: string) => boolean;

export function dataStepState(record: Record<string, FieldValue>, key: StepKey, label: string, isValid: ValueCheck, today = todayIso()): StepState {
  const missing = missingFields(record, key).map(fieldTitle);
  const invalid = fieldsOfStep(key)
    .filter((field) => filled(record[field.name]) && !isValid(field, record[field.name] ?? null, today))
    .map(fieldTitle);
  return { key, label, complete: missing.length === 0 && invalid.length === 0, missing, invalid, note: null };
}

/**
 * Every step's state. One rule for every step: it is done when it is complete and she has reviewed
 * it this year. The note asks for the review only once nothing else is missing: filling in what is
 * missing reviews it. `isValid` judges each filled value: the contract's schemas
 * (`registrationStepStates`), or, on the wizard's first paint before they have come, a check that
 * takes every saved value as judged when it was saved.
 */
export function stepStates(record: Record<string, FieldValue>, facts: CompletenessFacts, isValid: ValueCheck): StepState[] {
  const today = todayIso();
  return completenessSteps.map(({ key, label }) => {
    const state: StepState =
      key === 'documents'
        ? {
            key,
            label,
            complete: facts.documentsComplete,
            missing: [],
            invalid: [],
            note: facts.documentsComplete ? null : documentsNote(facts.missingDocuments),
          }
        : dataStepState(record, key, label, isValid, today);
    if (!state.complete || facts.reviewed(key)) return state;
    return { ...state, complete: false, note: completenessNotes.notReviewed };
  });
}
