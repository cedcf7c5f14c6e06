/*
 * A day written yyyy-MM-dd, as every date of the portal is (SPEC §9): whether a text is one. Small
 * and on its own, so a student's first screens can check a typed day without the record's field list.
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real day written yyyy-MM-dd (not 2026-02-30, not 2026-2-3). */
export function isRealDate(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
