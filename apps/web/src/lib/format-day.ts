// Made when first needed: a date format takes a phone tens of milliseconds to make, and the
// screens that load this file draw their first content before they write a date.
let dayFormat: Intl.DateTimeFormat | undefined;

/** A calendar day 'yyyy-MM-dd' as the school writes it in a sentence: '26 November 2026', whatever the browser's locale. */
export function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** Today in the browser's calendar as 'yyyy-MM-dd'. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An instant as the school's clock shows it: '26 Nov 2026, 14:05', in the school's time zone whatever the browser's. */
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
