import { z } from 'zod';
import { isRealDate } from '../days.ts';
import { leaversQuery } from './admin-data.ts';

/**
 * A moment in ISO 8601 with its zone: a day, `T`, hours and minutes, seconds and a fraction if
 * wanted, then `Z` or an offset (`2026-09-01T08:00:00Z`, `2026-09-01T04:00:00.250-04:00`).
 */
const momentPattern = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The longest `since` read: a moment with nine digits of fraction and an offset is 35 characters. */
const MAX_SINCE_LENGTH = 40;

/**
 * The instant a roster's `since` names, as ISO 8601 in UTC with milliseconds
 * (`2026-09-01T08:00:00.000Z`), or null when the text is not a moment in ISO 8601 with its zone (a
 * day alone, no zone, a day that does not exist). A zone is needed: without one the moment would be
 * read on some clock the caller cannot see.
 */
export function rosterSinceInstant(text: string): string | null {
  const match = text.length <= MAX_SINCE_LENGTH ? momentPattern.exec(text) : null;
  if (!match || !isRealDate(match[1])) return null;
  const [, day, hours, minutes, seconds = '00', fraction = '', zone] = match;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * GET /api/oneroster.zip (decision 075): `leavers` as every output takes it (decision 069), and
 * `since` for the delta form, a moment in ISO 8601 with its zone (`rosterSinceInstant`); without it
 * the roster is whole (bulk). `since` is read by the server after the schema, so that a bad one is
 * answered 400 with its own message.
 */
export const oneRosterQuery = leaversQuery.extend({
  since: z.string().optional(),
});
export type OneRosterQuery = z.input<typeof oneRosterQuery>;
