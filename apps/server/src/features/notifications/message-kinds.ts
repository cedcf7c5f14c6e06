import { academicYearLabel } from '@school/contract';
import type { Config } from '../../config.ts';

/** A message's words, plain and HTML. */
export type Composed = { subject: string; text: string; html: string };

/** What every message names beside its news: the school, its office, and the portal's sign-in (never a link to data). */
type School = Pick<Config, 'schoolName' | 'portalUrl'>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

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
  const label = `Term ${term}, ${academicYearLabel(year).replace('-', '–')}`;
  return compose(
    `${school.schoolName}: a report card is ready`,
    [`The ${label} report of ${firstName} is ready in the portal. Sign in to read it.`, officeLine(school)],
    `${school.portalUrl}/`,
  );
}
