import { isRealDate, messages, type ClosedDay, type Term, type TermCalendar } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { attendanceRepository } from './repository.ts';
import { daysBetween, type BellTimes, type Calendar } from './school-sessions.ts';

/** The school's bell times from the settings: when arriving is late, and when the AM session ends. */
export const bellTimes = (deps: Deps): BellTimes => ({ dayStart: deps.config.schoolDayStart, midday: deps.config.schoolMidday });

/** The term calendar, terms in date order. */
export async function termCalendar(deps: Deps): Promise<TermCalendar> {
  const [terms, closed_days] = await Promise.all([attendanceRepository.listTerms(deps.db), attendanceRepository.listClosedDays(deps.db)]);
  return { terms, closed_days };
}

/** The calendar as the counting reads it. */
export async function readCalendar(deps: Deps): Promise<Calendar> {
  const { terms, closed_days } = await termCalendar(deps);
  return { terms, closedDays: new Set(closed_days.map((day) => day.date)) };
}

/** The longest a term may be. */
const MAX_TERM_DAYS = 200;

/** Replaces the term calendar after checking it: each term ends after it starts, terms do not overlap, a day is closed once. */
export async function saveTermCalendar(deps: Deps, actor: AdminActor, calendar: TermCalendar): Promise<TermCalendar> {
  const terms: Term[] = [...calendar.terms].sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (const [index, term] of terms.entries()) {
    if (!isRealDate(term.start_date) || !isRealDate(term.end_date)) throw invalidField('terms', messages.termDatesNotReal(term.term, term.year));
    if (term.end_date < term.start_date) throw invalidField('terms', messages.termEndsBeforeStart(term.term, term.year));
    if (daysBetween(term.start_date, term.end_date) > MAX_TERM_DAYS) throw invalidField('terms', messages.termTooLong(term.term, term.year, MAX_TERM_DAYS));
    const next = terms[index + 1];
    if (next && next.start_date <= term.end_date) throw invalidField('terms', messages.termsOverlap(next, term));
    if (terms.some((other) => other !== term && other.year === term.year && other.term === term.term))
      throw invalidField('terms', messages.termListedTwice(term.term, term.year));
  }
  const closed = new Map<string, ClosedDay>();
  for (const day of calendar.closed_days) {
    if (!isRealDate(day.date)) throw invalidField('closed_days', messages.closedDayShape(day.date));
    if (closed.has(day.date)) throw invalidField('closed_days', messages.closedDayTwice(day.date));
    closed.set(day.date, { date: day.date, reason: day.reason.trim() });
  }
  await deps.writeTransaction(async (trx) => {
    await attendanceRepository.replaceCalendar(trx, terms, [...closed.values()]);
    await writeAudit(trx, actor, { action: 'term-calendar.changed', detail: `${terms.length} terms, ${closed.size} closed days` });
  });
  return termCalendar(deps);
}
