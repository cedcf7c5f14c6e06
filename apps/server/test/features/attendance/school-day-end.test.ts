import { describe, expect, it } from 'vitest';
import { DAYS_STILL_NEWS } from '../../../src/features/attendance/school-day-end.ts';
import { schoolClock } from '../../../src/features/attendance/school-sessions.ts';
import { createStudent } from '../../helpers/factories.ts';
import { serverFleet } from '../../helpers/server-fleet.ts';
import { testDialect } from '../../helpers/test-db.ts';

const SERVERS = 3;
const ABSENT = 20;

// Several servers on one database need PostgreSQL (decision 028); SQLite serves one process.
describe.skipIf(testDialect !== 'postgres')("the school day's end with three servers (PostgreSQL only)", () => {
  const fleet = serverFleet();

  it('queues each absence message of each ended day once when three servers look at the same moment', async () => {
    const data = await fleet.newData('postgres');
    const db = await data.open();
    try {
      const today = schoolClock(new Date(), 'America/Port_of_Spain').date;
      const dayBefore = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
      // The ended weekdays the servers still tell at their start (the last few, today left out).
      const days = Array.from({ length: DAYS_STILL_NEWS - 1 }, (_, index) => dayBefore(index + 1)).filter(
        (date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
      );
      expect(days.length).toBeGreaterThanOrEqual(2);
      await db.updateTable('notification_settings').set({ enabled: 1 }).where('kind', '=', 'absence').execute();
      await db
        .insertInto('terms')
        .values({ year: 2026, term: '1', start_date: dayBefore(30), end_date: dayBefore(-30) })
        .execute();
      const absent = await Promise.all(
        Array.from({ length: ABSENT }, (_, index) => createStudent(db, { living_status: 'Guardian', email_guardian: `guardian${index}@example.org` })),
      );
      // One girl came each day: those are days of absences (a day nobody scanned tells nothing).
      const present = await createStudent(db, { living_status: 'Guardian', email_guardian: 'came@example.org' });
      for (const date of days) {
        await db
          .insertInto('attendance_records')
          .values({
            student_id: present.id,
            date_scanned: date,
            attendance_am: 1,
            attendance_pm: 1,
            late: 0,
            time_in: '07:40:00',
            time_out: '15:05:00',
            time_scanned_in: '07:40:00',
            time_scanned_out: '15:05:00',
          })
          .execute();
      }

      // Each server records the ended days it finds as it becomes ready; they start together.
      const servers = await fleet.start(SERVERS);
      // A stop waits for a look under way: once all have exited, every server has looked.
      for (const server of servers) server.child.kill('SIGTERM');
      for (const server of servers) expect((await server.exited).code).toBe(0);

      const taken = await db.selectFrom('absence_days').select('date').where('date', 'in', days).execute();
      expect(taken.map((row) => row.date).sort()).toEqual([...days].sort());
      const messages = await db.selectFrom('outbox').select(['student_id', 'recipient', 'event']).where('kind', '=', 'absence').execute();
      expect(messages).toHaveLength(ABSENT * days.length);
      expect(new Set(messages.map((message) => `${message.event} ${message.student_id} ${message.recipient}`)).size).toBe(ABSENT * days.length);
      for (const date of days) {
        const ofDay = messages.filter((message) => message.event === `attendance.day:${date}`);
        expect(ofDay.map((message) => message.student_id).sort()).toEqual(absent.map((student) => student.id).sort());
      }
      const notices = await db.selectFrom('absence_notices').select(['student_id', 'date']).where('date', 'in', days).execute();
      expect(notices).toHaveLength(ABSENT * days.length);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
