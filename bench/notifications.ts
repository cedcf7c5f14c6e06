// Notifications' figures for `npm run bench` (issue 37): posting a term of 2,000 students with its
// messages, the sender's rate to a local SMTP server, and students' autosaves while it sends.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { autosaveLoop, listStudents, prepareStudents, signInAdmin } from './autosave.ts';
import { percentile } from './http-client.ts';
import { startPortal } from './portal-process.ts';
import { ms, type RecordFigure } from './results.ts';

const STUDENTS = 2000;
const YEAR = 2040;

/** A local SMTP server that accepts every message and notes when each arrived. */
async function countingSmtpServer() {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Brings the school to 2,000 students, each with her own e-mail and two parents' (living with
 * both), and gives every student a summary in two terms of YEAR: one posted without messages, one with.
 */
function prepareTerms(dataDir: string): number {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    const now = new Date().toISOString();
    const existing = (db.prepare('SELECT count(*) AS n FROM students').get() as { n: number }).n;
    const insert = db.prepare(
      "INSERT INTO students (id, first_name, last_name, class_id, email, living_status, email_mother, email_father, created_at, updated_at) VALUES (?, 'Bench', ?, ?, ?, 'Both Parents', ?, ?, ?, ?)",
    );
    const summary = db.prepare('INSERT INTO term_summaries (student_id, year, term, form_level, class_id) VALUES (?, ?, ?, ?, ?)');
    const result = db.prepare("INSERT INTO term_results (student_id, year, term, subject, mark, comment) VALUES (?, ?, ?, 'Mathematics', 70, NULL)");
    db.transaction(() => {
      for (let index = 0; index < STUDENTS - existing; index += 1) {
        const id = `N${String(index + 1).padStart(6, '0')}`;
        insert.run(id, `Student ${index}`, `${(index % 5) + 1}A`, `n${index}@example.org`, `m${index}@example.org`, `f${index}@example.org`, now, now);
      }
      const all = db.prepare('SELECT id, class_id FROM students').all() as Array<{ id: string; class_id: string | null }>;
      for (const term of ['1', '2'])
        for (const row of all) {
          summary.run(row.id, YEAR, term, Number(row.class_id?.[0] ?? 1), row.class_id ?? '1A');
          result.run(row.id, YEAR, term);
        }
    })();
    return (db.prepare('SELECT count(*) AS n FROM students').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * On a portal of its own (SQLite, the demo school brought to 2,000 students) with SMTP_URL set to a
 * local SMTP server: (a) posting a term with report-card messages off, then another with them on
 * (up to ~8,000 messages queued in the posting's transaction); (b) the sender's rate, from the first
 * message's arrival to the last; (c) 8 students' autosave p99 while the sender sends, against 3 s calm.
 */
export async function notificationsFigures(record: RecordFigure): Promise<void> {
  const smtp = await countingSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-mail-'));
  const portal = await startPortal(dataDir, undefined, { SMTP_URL: smtp.url });
  try {
    const students = prepareTerms(dataDir);
    const admin = await signInAdmin(portal.url);
    const savers = await prepareStudents(portal.url, (await listStudents(portal.url)).slice(0, 8));
    const counts = { errors: 0, saves: 0 };
    const calm: number[] = [];
    await Promise.all(savers.map((saver) => autosaveLoop(saver, performance.now() + 2000, [], counts, 'warm')));
    await Promise.all(savers.map((saver) => autosaveLoop(saver, performance.now() + 3000, calm, counts, 'calm')));

    const settings = (on: boolean) => ({ report_posted: on, absence: false, reminders: true, staff_security: true });
    await admin.request('PUT', '/api/notification-settings', settings(false));
    const quiet = await admin.post('/api/post-term-reports', { year: YEAR, term: '1', posted: 1 });
    await admin.request('PUT', '/api/notification-settings', settings(true));
    const mailing = await admin.post('/api/post-term-reports', { year: YEAR, term: '2', posted: 1 });
    if (quiet.status !== 200 || mailing.status !== 200) throw new Error(`posting answered ${quiet.status} / ${mailing.status}`);
    const queued = JSON.parse((await admin.get('/api/messages?kind=report_posted')).body).total as number;
    record(
      `Posting a term of ${students.toLocaleString('en')} students, messages off / on`,
      `${ms(quiet.ms)} / ${ms(mailing.ms)} (${queued.toLocaleString('en')} messages queued)`,
      '≤ +1 s',
      mailing.ms - quiet.ms <= 1000,
    );

    const sending: number[] = [];
    await Promise.all(savers.map((saver) => autosaveLoop(saver, performance.now() + 3000, sending, counts, 'sending')));
    const sentDuringLoad = smtp.arrivals.length;
    const deadline = performance.now() + 600_000;
    while (smtp.arrivals.length < queued && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (smtp.arrivals.at(-1)! - smtp.arrivals[0]!) / 1000;
    const rate = (smtp.arrivals.length - 1) / seconds;
    record(
      'Mail sender to a local SMTP server',
      `${rate.toFixed(0)} messages/s (${smtp.arrivals.length} in ${seconds.toFixed(1)} s)`,
      '≥ 50/s',
      rate >= 50 && smtp.arrivals.length === queued,
    );
    const calmP99 = percentile(calm, 99);
    const sendingP99 = percentile(sending, 99);
    record(
      'Autosave p99 while the sender sends / calm',
      `${ms(sendingP99)} / ${ms(calmP99)} (${sending.length} saves, ${sentDuringLoad} messages sent meanwhile, ${counts.errors} errors)`,
      '≤ 2× calm',
      sendingP99 <= 2 * calmP99 && sentDuringLoad > 0,
    );
  } finally {
    await portal.stop();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
