import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { serverSecret } from '../../db/server-secret.ts';
import { recordSchoolDays } from '../notifications/index.ts';
import { schoolClock, schoolDays, type Calendar, type SchoolClock } from './school-sessions.ts';
import { readCalendar } from './term-calendar.ts';

/**
 * How many days back an ended school day is still told to parents: a day the portal was stopped at
 * the end of is recorded at its next start, and an import of an older day is history, not news.
 */
export const DAYS_STILL_NEWS = 5;

const CHECK_EVERY_MS = 60_000;

/** The school days of the last few whose attendance is recorded: ended ones (today from SCHOOL_DAY_END), oldest first. */
export function endedSchoolDays(deps: Pick<Deps, 'config'>, calendar: Calendar, now: SchoolClock): string[] {
  const from = new Date(Date.parse(`${now.date}T00:00:00Z`) - (DAYS_STILL_NEWS - 1) * 86_400_000).toISOString().slice(0, 10);
  const bells = { dayStart: deps.config.schoolDayStart, midday: deps.config.schoolMidday };
  return schoolDays(calendar, from, now.date, now, bells)
    .map((day) => day.date)
    .filter((date) => date < now.date || now.time >= `${deps.config.schoolDayEnd}:00`);
}

/** Records every ended school day of the last few not recorded yet (decision 047); answers the days this call took. */
export async function recordEndedSchoolDays(deps: Deps, now = new Date()): Promise<string[]> {
  const days = endedSchoolDays(deps, await readCalendar(deps), schoolClock(now, deps.config.schoolTimeZone));
  return recordSchoolDays(deps, await serverSecret(deps.db), days);
}

/**
 * Each process looks every minute for a school day that has ended (SCHOOL_DAY_END) and records it,
 * once among them all; at start-up it records the days it missed while stopped.
 */
export function registerSchoolDayEnd(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const check = () => {
    running = running
      .then(() => recordEndedSchoolDays(app.deps))
      .catch((error: Error) => app.log.warn(`Recording the school day's absences failed: ${error.message}`));
  };
  app.addHook('onReady', async () => {
    check();
    timer = setInterval(check, CHECK_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
