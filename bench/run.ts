// `npm run bench`: the speed figures of issue 7, each against its budget, in one table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { BenchClient, median, percentile } from './http-client.ts';
import { residentMb, root, startPortal, startProcess } from './portal-process.ts';
import { autosaveFigure, autosaveLoop, listStudents, passwordOf, prepareStudent, signInAdmin, type Student } from './autosave.ts';
import { termReportsFigures } from './term-reports.ts';
import { signInBurstFigures } from './sign-in-burst.ts';
import { adminDataFigures } from './admin-data.ts';
import { measureWebWeight } from './web-weight.ts';
import { attendanceFigures } from './attendance.ts';
import { processesFigures, stopFigures } from './processes.ts';

type Row = { figure: string; value: string; budget: string; met: boolean | null };
const rows: Row[] = [];
const record = (figure: string, value: string, budget: string, met: boolean | null) => {
  rows.push({ figure, value, budget, met });
  console.log(`  ${figure}: ${value}`);
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figures to measure: all, or those named in BENCH_ONLY (autosave, storm, pdf, web, admin-data, server, postgres, signin, attendance, term-reports, processes, stop). */
const figures = ['autosave', 'storm', 'pdf', 'web', 'admin-data', 'server', 'postgres', 'signin', 'attendance', 'term-reports', 'processes', 'stop'] as const;
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(figures as readonly string[]).includes(name)) ?? [];
if (unknown.length) throw new Error(`BENCH_ONLY names unknown figures: ${unknown.join(', ')} (known: ${figures.join(', ')})`);
const wanted = (figure: (typeof figures)[number]) => !only?.length || only.includes(figure);

async function baselineFigure(clients: number, seconds: number, sample: Record<string, unknown>) {
  const baseline = await startProcess(['--import', 'tsx', path.join(root, 'bench/baseline-server.ts')], {}, '/health', 30_000);
  try {
    const latencies: number[] = [];
    let saves = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, index) => {
        const client = new BenchClient(baseline.url);
        let n = 0;
        while (performance.now() < until) {
          n += 1;
          const response = await client.post(`/save/${index}`, { ...sample, allergy: `load note ${n}` });
          latencies.push(response.ms);
          if (response.status === 200) saves += 1;
        }
      }),
    );
    return { perSecond: saves / ((performance.now() - started) / 1000), p99: percentile(latencies, 99) };
  } finally {
    await baseline.stop();
  }
}

async function stormFigure(url: string, savers: Student[], stormers: Student[]) {
  const signedIn = await Promise.all(savers.map((student) => prepareStudent(url, student)));
  // The storm's students already have their own passwords, so each sign-in runs argon2id.
  await Promise.all(stormers.map((student) => prepareStudent(url, student)));
  const counts = { errors: 0, saves: 0 };
  // Warm up first, so the calm figure is of a warm server and not of its first compilations.
  await Promise.all(signedIn.map((student) => autosaveLoop(student, performance.now() + 3000, [], counts, 'warm')));
  const calm: number[] = [];
  await Promise.all(signedIn.map((student) => autosaveLoop(student, performance.now() + 5000, calm, counts, 'calm')));
  const stormy: number[] = [];
  const until = performance.now() + 5000;
  let signIns = 0;
  let stormFailures = 0;
  await Promise.all([
    ...signedIn.map((student) => autosaveLoop(student, until, stormy, counts, 'storm')),
    ...stormers.map(async (student) => {
      while (performance.now() < until) {
        const client = new BenchClient(url);
        await client.get('/sanctum/csrf-cookie');
        const response = await client.post('/api/login-student', { student_id: student.id, password: passwordOf(student) });
        if (response.status === 200) signIns += 1;
        else stormFailures += 1;
      }
    }),
  ]);
  return { calmP99: percentile(calm, 99), stormP99: percentile(stormy, 99), signIns, stormFailures, errors: counts.errors };
}

async function uploadPhoto(admin: BenchClient, studentId: string) {
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3355aa' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const boundary = '----portal-bench-boundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(part('id', studentId) + part('file_type', 'picture')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.raw('POST', '/api/store-file', body, `multipart/form-data; boundary=${boundary}`);
}

async function pdfFigure(url: string, students: Student[]) {
  const admin = await signInAdmin(url);
  // The most complete record: the one whose progress shows all four data steps done.
  let chosen = students[0];
  for (const student of students.slice(0, 80)) {
    const body = JSON.parse((await admin.get(`/api/student/${student.id}`)).body);
    if (body.progress && body.progress.studentData && body.progress.familyData && body.progress.healthData && body.progress.otherData) {
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

async function postgresAutosave(serverUrl: string) {
  const name = `portal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  const portal = await startPortal(dataDir, dbUrl.toString());
  try {
    const students = await listStudents(portal.url);
    return await autosaveFigure(portal.url, students.slice(0, 32), 10);
  } finally {
    await portal.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  console.log('Starting the portal with the demo school…');
  let portal = await startPortal(dataDir);
  try {
    const students = await listStudents(portal.url);
    if (students.length < 32 + 8 + 50 + 10) throw new Error(`the demo school has only ${students.length} students`);

    if (wanted('autosave')) {
      console.log('Autosave throughput (portal, then baseline)…');
      const portalSaves = await autosaveFigure(portal.url, students.slice(0, 32), 10);
      const sample = { ...(await prepareStudent(portal.url, students[32 + 8 + 50])).record };
      const baseline = await baselineFigure(32, 10, sample);
      const ratio = portalSaves.perSecond / baseline.perSecond;
      record(
        'Autosave saves/s (SQLite), ratio to baseline',
        `${portalSaves.perSecond.toFixed(0)}/s vs ${baseline.perSecond.toFixed(0)}/s = ${ratio.toFixed(2)}×`,
        '≥ 0.5×',
        ratio >= 0.5,
      );
      record('Autosave p99 (SQLite)', ms(portalSaves.p99), '≤ 50 ms', portalSaves.p99 <= 50);
      record('Autosave errors', String(portalSaves.errors), '0', portalSaves.errors === 0);
    }

    if (wanted('storm')) {
      console.log('Sign-in storm…');
      const storm = await stormFigure(portal.url, students.slice(32, 40), students.slice(40, 90));
      record(
        'Autosave p99 during sign-in storm / calm',
        `${ms(storm.stormP99)} / ${ms(storm.calmP99)} (${storm.signIns} sign-ins, ${storm.stormFailures} refused)`,
        '≤ 2× calm',
        storm.stormP99 <= 2 * storm.calmP99,
      );
    }

    if (wanted('signin')) {
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
    }

    if (wanted('pdf')) {
      console.log('Registration form PDF…');
      try {
        const pdf = await pdfFigure(portal.url, students.slice(91));
        record(
          `Registration form PDF median / p95${pdf.withPhoto ? ' (with photo)' : ' (no photo)'}`,
          `${ms(pdf.median)} / ${ms(pdf.p95)}`,
          '≤ 60 ms median',
          pdf.median <= 60,
        );
      } catch (error) {
        record('Registration form PDF', `not measured: ${(error as Error).message}`, '≤ 60 ms median', false);
      }
    }

    if (wanted('attendance')) await attendanceFigures(await signInAdmin(portal.url), students[students.length - 1].id, record);

    if (wanted('web')) {
      console.log('Web weight, in Chromium at a phone size…');
      const weight = await measureWebWeight(portal.url);
      for (const file of weight.byFile) console.log(`    ${kb(file.gzip).padStart(9)} gzip  ${file.url}`);
      record(
        'Web weight before sign-in is interactive',
        `${kb(weight.gzip)} gzip (${kb(weight.raw)} raw, ${kb(weight.transferred)} sent) in ${weight.files} files`,
        '≤ 120 KB gzip',
        weight.gzip <= 120 * 1024,
      );
    }

    if (wanted('term-reports'))
      await termReportsFigures(portal.url, dataDir, record).catch((error: Error) => record('Term reports', `not measured: ${error.message}`, '', false));
    if (wanted('admin-data')) await adminDataFigures(portal.url, portal.child.pid!, dataDir, students.slice(-8), record);

    if (wanted('server')) {
      console.log('Restart on the existing data folder…');
      await portal.stop();
      portal = await startPortal(dataDir);
      record('Server start-up (existing data)', ms(portal.startedInMs), '≤ 2 s', portal.startedInMs <= 2000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const rss = residentMb(portal.child.pid!);
      record('Resident memory at idle', `${rss.toFixed(0)} MB`, '≤ 150 MB', rss <= 150);
    }
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl && wanted('postgres')) {
    console.log('Autosave throughput on PostgreSQL…');
    const pgSaves = await postgresAutosave(pgUrl);
    record('Autosave saves/s (PostgreSQL)', `${pgSaves.perSecond.toFixed(0)}/s, p99 ${ms(pgSaves.p99)}, ${pgSaves.errors} errors`, 'reported', null);
  }
  if (wanted('processes') || wanted('stop')) {
    if (wanted('stop')) await stopFigures(record);
    if (pgUrl && wanted('processes')) await processesFigures(pgUrl, record);
  }

  const width = Math.max(...rows.map((row) => row.figure.length));
  const valueWidth = Math.max(...rows.map((row) => row.value.length));
  console.log(`\n${'figure'.padEnd(width)}  ${'value'.padEnd(valueWidth)}  budget           met`);
  for (const row of rows) {
    console.log(`${row.figure.padEnd(width)}  ${row.value.padEnd(valueWidth)}  ${row.budget.padEnd(15)}  ${row.met === null ? '–' : row.met ? 'yes' : 'NO'}`);
  }
}

await main();
process.exit(0);
