/*
 * The portal writes a date one of three ways, whatever the browser's locale and time zone:
 * - a calendar day ('yyyy-MM-dd': a birthday, a term's last day): `formatDay`, '26 November 2026';
 * - the day a moment fell on at the school (a rollover, a stopped message): `formatSchoolDay`, the same words;
 * - a moment at the school (an entry of the audit log, a sign-in): `formatSchoolTime`, '26 Nov 2026, 14:05'.
 */

// A day's format is made when first needed, once per time zone: making one takes a phone tens of
// milliseconds, and the screens that load this file draw their first content before they write a date.
const dayFormats: Record<string, Intl.DateTimeFormat> = {};

/** The school's day on which an instant (ISO-8601) fell, as the school writes it in a sentence: '26 November 2026'. */
export function formatSchoolDay(iso: string, timeZone: string): string {
  dayFormats[timeZone] ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  return dayFormats[timeZone].format(new Date(iso));
}

/** A calendar day 'yyyy-MM-dd' as the school writes it in a sentence: '26 November 2026'. */
export const formatDay = (day: string): string => formatSchoolDay(`${day}T00:00:00Z`, 'UTC');

/** Today in the browser's calendar as 'yyyy-MM-dd'. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An instant (ISO-8601) as the school's clock shows it: '26 Nov 2026, 14:05', in the school's time zone. */
export function formatSchoolTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/**
 * Digits typed as sign-in teaches (yyyymmdd, or the start of it) with their dashes put in, so
 * 20261103 reads 2026-11-03 and 202611 reads 2026-11. Anything else is given back as it is.
 */
export function asDashedDate(text: string): string {
  if (!/^\d{5,8}$/.test(text)) return text;
  return [text.slice(0, 4), text.slice(4, 6), text.slice(6)].filter(Boolean).join('-');
}

let weekdayFormat: Intl.DateTimeFormat | undefined;

/** A calendar day 'yyyy-MM-dd' with its weekday, short, as a list of days shows it: 'Mon 30 Nov 2026'. */
export function formatWeekday(day: string): string {
  weekdayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return weekdayFormat.format(new Date(`${day}T00:00:00Z`)).replace(',', '');
}

/** The days of a range as a sentence says them: one day, or 'from … to …'. */
export const formatDayRange = (from: string, to: string): string => (from === to ? formatWeekday(from) : `${formatWeekday(from)} to ${formatWeekday(to)}`);

/** The day `days` after a calendar day (before it, when negative), 'yyyy-MM-dd'. */
export const shiftDay = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
