import { termLabel } from '@school/contract';
import type { Config } from '../../config.ts';

/** A message's words, plain and HTML. */
export type Composed = { subject: string; text: string; html: string };

/** What every message names beside its news: the school, its office, and the portal's sign-in (never a link to data). */
type School = Pick<Config, 'schoolName' | 'portalUrl'>;

/** Text made safe to put in HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The plain and HTML bodies of paragraphs; `link` is the portal address, made a link in HTML. */
function compose(subject: string, paragraphs: string[], link: string): Composed {
  const text = [...paragraphs, link].join('\n\n') + '\n';
  const html = [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`].join('\n');
  return { subject, text, html };
}

const officeLine = (school: School) => `For any question, please contact the school office of ${school.schoolName}.`;

/**
 * Report cards posted (decision 047): the term and the girl's first name, nothing of the card
 * itself; the link is the portal's sign-in.
 */
export function reportPostedMessage(school: School, { firstName, year, term }: { firstName: string; year: number; term: string }): Composed {
  return compose(
    `${school.schoolName}: a report card is ready`,
    [`The ${termLabel(year, term)} report of ${firstName} is ready in the portal. Sign in to read it.`, officeLine(school)],
    `${school.portalUrl}/`,
  );
}

/**
 * A registration reminder (decision 047): the steps still to do and the deadline, nothing of what
 * she has entered; the link is the portal's sign-in.
 */
export function registrationReminderMessage(
  school: School,
  { firstName, stepsToDo, deadline }: { firstName: string; stepsToDo: string[]; deadline: string | null },
): Composed {
  return compose(
    `${school.schoolName}: registration is not finished`,
    [
      `The registration of ${firstName} in the portal is not finished yet.`,
      `Still to do: ${stepsToDo.join(', ')}.`,
      deadline ? `The deadline is ${deadline}.` : 'Please finish it soon.',
      officeLine(school),
    ],
    `${school.portalUrl}/`,
  );
}

/** A student's day as her parents are told it: absent, arrived late at a time (hh:mm), or present (only ever in a correction). */
export type DayState = { kind: 'absent' } | { kind: 'arrived'; time: string } | { kind: 'present' };

/** A school date (yyyy-MM-dd) in words, e.g. 'Monday 23 November 2026'. */
export const dateInWords = (date: string) =>
  new Date(`${date}T00:00:00Z`)
    .toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(',', '');

const dayLine = (firstName: string, date: string, state: DayState) =>
  state.kind === 'absent'
    ? `On ${dateInWords(date)}, ${firstName} was absent.`
    : state.kind === 'arrived'
      ? `On ${dateInWords(date)}, ${firstName} arrived at ${state.time}.`
      : `On ${dateInWords(date)}, ${firstName} was present from the start of the day.`;

/**
 * Absence or lateness (decision 047): the girl's first name, the date and 'absent' or her arrival
 * time, nothing else of her day; its one link is the parent's stop link. A correction says so.
 */
export function absenceMessage(
  school: School,
  { firstName, date, state, correction, stopLink }: { firstName: string; date: string; state: DayState; correction: boolean; stopLink: string },
): Composed {
  return compose(
    `${school.schoolName}: ${correction ? 'correction, ' : ''}${firstName} on ${dateInWords(date)}`,
    [
      correction ? `Correction to our earlier message: ${dayLine(firstName, date, state)}` : dayLine(firstName, date, state),
      officeLine(school),
      `To stop these messages about ${firstName}, open this link:`,
    ],
    stopLink,
  );
}
