// `npm run bench`: every speed figure of the product, each against its budget, in one table that
// is also written as JSON. `npm run bench -- autosave storm` (or BENCH_ONLY=autosave,storm) runs
// only the parts named. See bench/README.md for what each figure measures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stepKeys } from '@school/contract';
import sharp from 'sharp';
import { POOL_SIZE } from '../apps/server/src/db/database.ts';
import { adminDataFigures } from './admin-data.ts';
import { importFigures } from './imports.ts';
import { adminTableFigures } from './admin-table.ts';
import { schoolYearFigures } from './school-year.ts';
import { attendanceFigures } from './attendance.ts';
import { compareWithBaseline, listStudents, prepareStudent, prepareStudents, signInAdmin, stormFigure, type Student } from './autosave.ts';
import { median, multipartBody, percentile, type BenchClient } from './http-client.ts';
import { residentMb, root, startPortal, withFreshPostgres, type RunningServer } from './portal-process.ts';
import { lighthouseFigures } from './lighthouse.ts';
import { processesFigures, stopFigures } from './processes.ts';
import { createResults, kb, ms, ratio, type RecordFigure } from './results.ts';
import { signInBurstFigures } from './sign-in-burst.ts';
import { termReportsFigures } from './term-reports.ts';
import { measureWebWeight } from './web-weight.ts';
import { notificationsFigures } from './notifications.ts';
import { absenceNotesFigures } from './absence-notes.ts';
import { serversFigures } from './servers.ts';

/** Autosave against the bare baseline: five alternate rounds of 2 s each, 10 s of load for each server. */
const AUTOSAVE_ROUNDS = { rounds: 5, seconds: 2 };

/** What every part of the run on the demo school's portal (SQLite) is given. */
type Context = { portal: RunningServer; dataDir: string; students: Student[]; record: RecordFigure; restart(): Promise<RunningServer> };

async function uploadPhoto(admin: BenchClient, studentId: string) {
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3355aa' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const { body, contentType } = multipartBody({ id: studentId, file_type: 'picture' }, { name: 'photo.jpg', type: 'image/jpeg', bytes: photo });
  return admin.raw('POST', '/api/store-file', body, contentType);
}

async function pdfFigure(url: string, students: Student[]) {
  const admin = await signInAdmin(url);
  // The most complete record: the one whose progress shows all four data steps done.
  let chosen = students[0];
  for (const student of students.slice(0, 80)) {
    const body = JSON.parse((await admin.get(`/api/student/${student.id}`)).body);
    if (body.progress && stepKeys.every((step) => body.progress[step] === 1)) {
      chosen = student;
      break;
    }
  }
  const upload = await uploadPhoto(admin, chosen.id);
  const times: number[] = [];
  for (let index = 0; index < 50; index += 1) {
    const response = await admin.get(`/api/registration-form/${chosen.id}`);
    if (response.status !== 200) throw new Error(`registration form answered ${response.status}`);
    times.push(response.ms);
  }
  return { median: median(times), p95: percentile(times, 95), withPhoto: upload.status === 200 };
}

/**
 * The parts, in the order they run (the server's start-up and memory on the demo school, before the
 * imports add 3,000 students; the export before the term results import, whose workbooks leave
 * the process's memory grown). Those with `portal` share one portal on SQLite with the demo
 * school (600 students); the others start what they need themselves.
 */
const parts: Array<
  { name: string; portal: true; run(context: Context): Promise<void> } | { name: string; portal: false; run(record: RecordFigure): Promise<void> }
> = [
  {
    name: 'autosave',
    portal: true,
    async run({ portal, students, record }) {
      console.log('Autosave, 32 students (portal and the bare baseline, in alternate rounds)…');
      const signedIn = await prepareStudents(portal.url, students.slice(0, 32));
      const sample = { ...(await prepareStudent(portal.url, students[32 + 8 + 50])).record };
      const { portal: saves, baseline } = await compareWithBaseline(signedIn, sample, AUTOSAVE_ROUNDS);
      const throughput = saves.perSecond / baseline.perSecond;
      const tail = saves.p99 / baseline.p99;
      record(
        'Autosave saves/s (SQLite), portal vs bare baseline',
        `${saves.perSecond.toFixed(0)}/s vs ${baseline.perSecond.toFixed(0)}/s = ${ratio(throughput)}`,
        '≥ 0.6×',
        throughput >= 0.6,
      );
      record('Autosave p99 (SQLite), portal vs bare baseline', `${ms(saves.p99)} vs ${ms(baseline.p99)} = ${ratio(tail)}`, '≤ 1.5×', tail <= 1.5);
      record('Autosave errors', String(saves.errors), '0', saves.errors === 0);
    },
  },
  {
    name: 'storm',
    portal: true,
    async run({ portal, students, record }) {
      console.log('Sign-in storm…');
      const storm = await stormFigure(portal.url, students.slice(32, 40), students.slice(40, 90));
      record(
        'Autosave p99 during sign-in storm / calm',
        `${ms(storm.stormP99)} / ${ms(storm.calmP99)} (${storm.signIns} sign-ins, ${storm.stormFailures} refused)`,
        '≤ 2× calm',
        storm.stormP99 <= 2 * storm.calmP99,
      );
    },
  },
  {
    name: 'pdf',
    portal: true,
    async run({ portal, students, record }) {
      console.log('Registration form PDF…');
      const pdf = await pdfFigure(portal.url, students.slice(91));
      record(
        `Registration form PDF median / p95${pdf.withPhoto ? ' (with photo)' : ' (no photo)'}`,
        `${ms(pdf.median)} / ${ms(pdf.p95)}`,
        '≤ 60 ms median',
        pdf.median <= 60,
      );
    },
  },
  {
    name: 'attendance',
    portal: true,
    run: async ({ portal, students, record }) => attendanceFigures(await signInAdmin(portal.url), students[students.length - 1].id, record),
  },
  {
    name: 'web',
    portal: true,
    async run({ portal, record }) {
      console.log('Web weight, in Chromium at a phone size…');
      const weight = await measureWebWeight(portal.url);
      for (const file of weight.byFile) console.log(`    ${kb(file.gzip).padStart(9)} gzip  ${file.url}`);
      record(
        'Web weight before sign-in is interactive',
        `${kb(weight.gzip)} gzip (${kb(weight.raw)} raw, ${kb(weight.transferred)} sent) in ${weight.files} files`,
        '≤ 120 KB gzip',
        weight.gzip <= 120 * 1024,
      );
    },
  },
  {
    name: 'lighthouse',
    portal: true,
    async run({ portal, dataDir, students, record }) {
      console.log('Lighthouse, mobile: the sign-in page, every route of a signed-in student, then a parent’s…');
      await lighthouseFigures(portal.url, dataDir, students[students.length - 20], record);
    },
  },
  {
    name: 'admin-table',
    portal: false,
    async run(record) {
      console.log('Admin table of 2,000 students in Chromium (its own portal)…');
      await adminTableFigures(record);
    },
  },
  {
    name: 'server',
    portal: true,
    async run({ restart, record }) {
      console.log('Restart on the existing data folder…');
      const portal = await restart();
      record('Server start-up (existing data)', ms(portal.startedInMs, 0), '≤ 2 s', portal.startedInMs <= 2000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const rss = residentMb(portal.child.pid!);
      record('Resident memory at idle', `${rss.toFixed(0)} MB`, '≤ 150 MB', rss <= 150);
    },
  },
  {
    name: 'admin-data',
    portal: true,
    run: ({ portal, dataDir, students, record }) => adminDataFigures(portal.url, portal.child.pid!, dataDir, students.slice(-8), record),
  },
  { name: 'term-reports', portal: true, run: ({ portal, dataDir, record }) => termReportsFigures(portal.url, dataDir, record) },
  {
    name: 'school-year',
    portal: false,
    async run(record) {
      console.log('School year rollover of 2,000 students (its own portal)…');
      await schoolYearFigures(record);
    },
  },
  { name: 'imports', portal: true, run: ({ portal, students, record }) => importFigures(portal.url, students.slice(-16, -8), record) },
  {
    name: 'signin',
    portal: false,
    async run(record) {
      console.log('Sign-in under attack (its own portal, behind a trusted proxy)…');
      const attack = await signInBurstFigures();
      record(
        `Guesses checked of ${attack.parallelGuesses} parallel at a date-of-birth account`,
        `${attack.checked} (${attack.guessAnswers})`,
        '≤ 5',
        attack.checked <= 5,
      );
      record(
        `First sign-in during a burst of ${attack.burstSize} wrong guesses / calm`,
        `${ms(attack.duringBurstMs)} (${attack.duringBurstStatus}) / ${ms(attack.calmMs)}; burst answers ${attack.burstAnswers}`,
        '200 within 2 s',
        attack.duringBurstStatus === 200 && attack.duringBurstMs <= 2000,
      );
    },
  },
  {
    name: 'notifications',
    portal: false,
    async run(record) {
      console.log('Notifications: posting 2,000 students with messages, the sender and autosave while it sends (its own portal and SMTP server)…');
      await notificationsFigures(record);
    },
  },
  {
    name: 'absence-notes',
    portal: false,
    async run(record) {
      console.log('Absence notes: the office’s list with 2,000 pending, and accepting one (its own portal)…');
      await absenceNotesFigures(record);
    },
  },
  { name: 'postgres', portal: false, run: postgresAutosave },
  {
    name: 'processes',
    portal: false,
    async run(record) {
      const serverUrl = postgresServerUrl();
      if (!serverUrl) record('Autosave with WORKERS=1 and 2 (PostgreSQL)', 'not measured: set BENCH_DATABASE_URL', 'reported', null);
      else await processesFigures(serverUrl, record);
    },
  },
  { name: 'stop', portal: false, run: stopFigures },
  {
    name: 'servers',
    portal: false,
    async run(record) {
      console.log('Autosave on several servers behind HAProxy and PgBouncer (a cluster of its own)…');
      await serversFigures(record);
    },
  },
];

/** The PostgreSQL server the PostgreSQL parts make their databases on. */
const postgresServerUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Autosave on PostgreSQL, on a fresh database, against the bare baseline writing to PostgreSQL with the same pool size. */
async function postgresAutosave(record: RecordFigure): Promise<void> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    record('Autosave saves/s (PostgreSQL)', 'not measured: set BENCH_DATABASE_URL', '≥ 0.6×', null);
    return;
  }
  console.log('Autosave on PostgreSQL (portal and the bare baseline, in alternate rounds)…');
  await withFreshPostgres(serverUrl, 'autosave', async (databaseUrl, dataDir) => {
    const portal = await startPortal(dataDir, databaseUrl);
    let saves, baseline;
    try {
      const students = await listStudents(portal.url);
      const signedIn = await prepareStudents(portal.url, students.slice(0, 32));
      const sample = (await prepareStudent(portal.url, students[40])).record;
      ({ portal: saves, baseline } = await compareWithBaseline(signedIn, sample, {
        ...AUTOSAVE_ROUNDS,
        database: { url: databaseUrl, poolSize: POOL_SIZE },
      }));
    } finally {
      await portal.stop();
    }
    const throughput = saves.perSecond / baseline.perSecond;
    record(
      'Autosave saves/s (PostgreSQL), portal vs bare baseline',
      `${saves.perSecond.toFixed(0)}/s vs ${baseline.perSecond.toFixed(0)}/s = ${ratio(throughput)}`,
      '≥ 0.6×',
      throughput >= 0.6,
    );
    record('Autosave p99 (PostgreSQL), portal vs bare baseline', `${ms(saves.p99)} vs ${ms(baseline.p99)}`, 'reported', null);
    record('Autosave errors (PostgreSQL)', String(saves.errors), '0', saves.errors === 0);
  });
}

/** The parts to run: those named on the command line or in BENCH_ONLY, else all. */
function chosenParts() {
  const named = [...process.argv.slice(2), ...(process.env.BENCH_ONLY?.split(',') ?? [])].map((name) => name.trim()).filter(Boolean);
  const known = parts.map((part) => part.name);
  const unknown = named.filter((name) => !known.includes(name));
  if (unknown.length) {
    console.error(`Unknown bench parts: ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
    process.exit(2);
  }
  return named.length ? parts.filter((part) => named.includes(part.name)) : parts;
}

async function main() {
  const chosen = chosenParts();
  const results = createResults();
  /** A part that fails is a figure not measured, and the run goes on. */
  const attempt = async (name: string, run: () => Promise<void>) =>
    run().catch((error: Error) => {
      console.error(error);
      results.recorderFor(name)(name, `not measured: ${error.message}`, '', false);
    });

  const onPortal = chosen.filter((part) => part.portal);
  if (onPortal.length) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    console.log('Starting the portal with the demo school…');
    let portal = await startPortal(dataDir);
    try {
      const students = await listStudents(portal.url);
      if (students.length < 100) throw new Error(`the demo school has only ${students.length} students`);
      const restart = async () => {
        await portal.stop();
        portal = await startPortal(dataDir);
        return portal;
      };
      for (const part of onPortal) await attempt(part.name, () => part.run({ portal, dataDir, students, record: results.recorderFor(part.name), restart }));
    } finally {
      await portal.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const part of chosen) if (!part.portal) await attempt(part.name, () => part.run(results.recorderFor(part.name)));

  console.log(`\n${results.table()}`);
  const file = results.writeJson(path.join(root, 'bench/out/results.json'));
  console.log(`\nWritten to ${path.relative(root, file)}.`);
}

await main();
process.exit(0);
