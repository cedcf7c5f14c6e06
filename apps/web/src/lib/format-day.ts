/*
 * The one place the web writes a date (SPEC §9), whatever the browser's locale and time zone; a
 * lint rule keeps every screen from formatting one itself. Two kinds, each written one way:
 * - a day, 'yyyy-MM-dd': a calendar day (a birthday, a term's last day) as it is (`formatDay`), or
 *   the school's day a moment fell on (a rollover, a stopped message: `formatSchoolDay`);
 * - a moment, 'yyyy-MM-dd HH:mm:ss' on the school's clock (an entry of the audit log, a sign-in,
 *   a report posted): `formatSchoolTime`.
 */

// The school's clock is made when first needed, once per time zone: making one takes a phone tens of
// milliseconds, and the screens that load this file draw their first content before they write a date.
const clocks: Record<string, Intl.DateTimeFormat> = {};

/** An instant's day and time on the wall clock of `timeZone`, as two-digit parts (a four-digit year). */
function wallClock(iso: string, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  clocks[timeZone] ??= new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const parts = Object.fromEntries(clocks[timeZone].formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The school's day on which an instant (ISO-8601) fell: '2026-11-26'. */
export function formatSchoolDay(iso: string, timeZone: string): string {
  const { year, month, day } = wallClock(iso, timeZone);
  return `${year}-${month}-${day}`;
}

/** An instant (ISO-8601) as the school's clock shows it, to the second: '2026-11-26 14:05:09'. */
export function formatSchoolTime(iso: string, timeZone: string): string {
  const { hour, minute, second } = wallClock(iso, timeZone);
  return `${formatSchoolDay(iso, timeZone)} ${hour}:${minute}:${second}`;
}

/** A calendar day as the school writes it: 'yyyy-MM-dd' (a value with a time after it is cut to its day). */
export const formatDay = (day: string): string => day.slice(0, 10);

/** Today in the browser's calendar as 'yyyy-MM-dd'. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Digits typed as sign-in teaches (yyyymmdd, or the start of it) with their dashes put in, so
 * 20261103 reads 2026-11-03 and 202611 reads 2026-11. Anything else is given back as it is.
 */
export function asDashedDate(text: string): string {
  if (!/^\d{5,8}$/.test(text)) return text;
  return [text.slice(0, 4), text.slice(4, 6), text.slice(6)].filter(Boolean).join('-');
}

/** A date being typed in a date field, with its dashes put in as the digits come (2026 → 2026, 202610 → 2026-10); other text stays as typed. */
export function asTypedDate(text: string): string {
  if (!/^[\d-]*$/.test(text)) return text;
  const digits = text.replaceAll('-', '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6)].filter(Boolean).join('-');
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A calendar day 'yyyy-MM-dd' with its weekday, short, as a list of days shows it: 'Mon 2026-11-30'. */
export const formatWeekday = (day: string): string => `${weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${formatDay(day)}`;

/** The days of a range as a sentence says them: one day, or 'from … to …'. */
export const formatDayRange = (from: string, to: string): string => (from === to ? formatWeekday(from) : `${formatWeekday(from)} to ${formatWeekday(to)}`);

/** The day `days` after a calendar day (before it, when negative), 'yyyy-MM-dd'. */
export const shiftDay = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A count as the school writes it, with thousands grouped: '1,204'. */
export const formatCount = (count: number): string => count.toLocaleString('en-GB');
