/**
 * The school year's rules both apps apply (decision 045): how long a rollover may be undone,
 * where each class goes by default, and the reason a leaver of the top form is given.
 */

/** Days after a rollover during which it may be undone (unless a student has saved in the new year). */
export const rolloverUndoDays = 14;

/** A class as the year knows it: its id (form level then letter, '1A') and its form level. */
export type YearClass = { class_id: string; form_level: number };

/**
 * The class a class moves to by default: the same letter in the next form (`1A → 2A`), or null
 * (Leaves) for the top form or when the next form has no class of that letter.
 */
export function proposedNextClass(from: YearClass, classes: readonly YearClass[]): string | null {
  const letter = from.class_id.slice(String(from.form_level).length);
  const next = classes.find(
    (candidate) => candidate.form_level === from.form_level + 1 && candidate.class_id.slice(String(candidate.form_level).length) === letter,
  );
  return next?.class_id ?? null;
}

/** The reason a class's leavers are given when the admin writes none: 'Completed Form 5'. */
export const completedFormReason = (formLevel: number): string => `Completed Form ${formLevel}`;
