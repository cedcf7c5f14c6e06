// The absence notes' figures of `npm run bench` (issue 51): the office's list of notes with 2,000 pending, and accepting one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { signInAdmin } from './autosave.ts';
import { median, percentile, type BenchClient } from './http-client.ts';
import { startPortal } from './portal-process.ts';
import { ms, type RecordFigure } from './results.ts';

const PENDING = 2000;
const RUNS = 50;
const WARM_UP = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The weekdays of the 30 days before today: the days the notes cover, as families would send them. */
function recentWeekdays(): string[] {
  const days: string[] = [];
  for (let back = 1; back <= 30; back += 1) {
    const day = new Date(Date.now() - back * DAY_MS);
    if (![0, 6].includes(day.getUTCDay())) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Puts `count` pending notes into the portal's SQLite database, as families send them: spread over
 * the demo school's students, each sent by one of her linked guardians where she has one, for one to
 * three school days of the last 30, the newest last; a tenth with a few words from the parent.
 */
function addPendingNotes(dataDir: string, count: number): number {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const students = db
      .prepare(
        'SELECT s.id, (SELECT l.guardian_id FROM guardian_links l WHERE l.student_id = s.id AND l.revoked_at IS NULL AND l.restricted = 0 ORDER BY l.id LIMIT 1) AS guardian_id FROM students s ORDER BY s.id',
      )
      .all() as Array<{ id: string; guardian_id: number | null }>;
    const days = recentWeekdays();
    const insert = db.prepare(
      `INSERT INTO absence_notes (public_id, student_id, from_date, to_date, sessions, reason, text, sent_by, guardian_id, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
    );
    const reasons = ['illness', 'medical', 'family', 'other'];
    const started = Date.now() - count * 60_000;
    db.transaction(() => {
      for (let index = 0; index < count; index += 1) {
        const student = students[(index * 7) % students.length]!;
        const last = days[index % days.length]!;
        const first = days[Math.min(days.indexOf(last) + (index % 3), days.length - 1)]!;
        insert.run(
          randomBytes(12).toString('base64url'),
          student.id,
          first,
          last,
          index % 5 === 0 ? 'am' : 'both',
          reasons[index % reasons.length],
          index % 10 === 0 ? 'She had a fever and stayed home; the doctor saw her the next morning.' : '',
          student.guardian_id === null ? 'student' : 'guardian',
          student.guardian_id,
          new Date(started + index * 60_000).toISOString(),
        );
      }
    })();
    return (db.prepare("SELECT count(*) AS n FROM absence_notes WHERE status = 'pending'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Times `runs` GETs of `url` after a few to warm up; every answer must be 200. */
async function timeList(office: BenchClient, url: string): Promise<{ times: number[]; body: string }> {
  const times: number[] = [];
  let body = '';
  for (let index = 0; index < RUNS + WARM_UP; index += 1) {
    const answer = await office.get(url);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    if (index >= WARM_UP) times.push(answer.ms);
    body = answer.body;
  }
  return { times, body };
}

/**
 * On a portal of its own (the notes stay out of the other figures): the demo school with 2,000
 * pending notes; the office's list as the Absence Notes screen first asks it (pending, newest first,
 * a page of 50 with the days each covers and what attendance recorded then), then 50 notes
 * accepted one after another, each with its audit row and its messages to the family.
 */
export async function absenceNotesFigures(record: RecordFigure): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-notes-'));
  const portal = await startPortal(dataDir);
  try {
    const pending = addPendingNotes(dataDir, PENDING);
    const office = await signInAdmin(portal.url);
    const list = await timeList(office, '/api/absence-notes?status=pending');
    const page = JSON.parse(list.body) as { items: Array<{ id: string; days: unknown[] }>; pending: number };
    if (page.pending !== pending) throw new Error(`the list counts ${page.pending} pending notes of ${pending}`);
    console.log(`    ${page.items.length} notes a page, ${(list.body.length / 1024).toFixed(0)} KB, of ${page.pending} pending`);
    record(
      `Office's notes list, ${pending.toLocaleString('en')} pending (median / p95)`,
      `${ms(median(list.times))} / ${ms(percentile(list.times, 95))}`,
      '≤ 100 ms',
      median(list.times) <= 100,
    );

    // The notes of the first two pages, each accepted once: a note is answered only while pending.
    const next = JSON.parse((await office.get('/api/absence-notes?status=pending&page=2')).body) as { items: Array<{ id: string }> };
    const notes = [...page.items, ...next.items];
    const accepts: number[] = [];
    for (let index = 0; index < RUNS + WARM_UP; index += 1) {
      const note = notes[index];
      if (!note) throw new Error(`only ${notes.length} pending notes to accept`);
      const answer = await office.request('PATCH', `/api/absence-notes/${note.id}`, { decision: 'accept' });
      if (answer.status !== 200) throw new Error(`accepting a note answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      if (index >= WARM_UP) accepts.push(answer.ms);
    }
    record('Accepting a note (median / p95)', `${ms(median(accepts))} / ${ms(percentile(accepts, 95))}`, '≤ 50 ms', median(accepts) <= 50);
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
