/**
 * One formatter per locale and time zone, made on first use: making an Intl.DateTimeFormat costs
 * far more than formatting with it, and a spreadsheet formats a time on every row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: 'en-US' | 'sv-SE', timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, {
      timeZone,
      ...(locale === 'en-US' ? { hourCycle: 'h23' as const } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(key, made);
  }
  return made;
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter('en-US', timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** 'yyyy-MM-ddTHH:mm' read as a wall-clock time in `timeZone`, as an ISO-8601 UTC string. */
export function zonedLocalToUtc(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`Not a local date and time: ${local}`);
  const [, year, month, day, hour, minute] = match.map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** An instant as 'yyyy-MM-ddTHH:mm' on the wall clock of `timeZone`. */
export function utcToZonedLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  return new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(0, 16);
}

/** The day ('yyyy-MM-dd') last asked for, per time zone, with the minute it holds for. */
const daysByZone = new Map<string, { minute: number; day: string }>();

/**
 * The day ('yyyy-MM-dd') `date` falls on in `timeZone`. Every autosave asks for the school's day,
 * so the answer is kept for the rest of its minute: a day changes on a minute's boundary.
 */
export function zonedDay(date: Date, timeZone: string): string {
  const minute = Math.floor(date.getTime() / 60_000);
  const kept = daysByZone.get(timeZone);
  if (kept?.minute === minute) return kept.day;
  const day = zonedTimestamp(date, timeZone).slice(0, 10);
  daysByZone.set(timeZone, { minute, day });
  return day;
}

/** 'yyyy-MM-dd HH:mm:ss' in `timeZone` (SPEC §9's Swedish-locale date-posted format). */
export function zonedTimestamp(date: Date, timeZone: string): string {
  return formatter('sv-SE', timeZone).format(date);
}
