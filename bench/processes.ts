// Several server processes (decision 028) and stopping, for `npm run bench`: autosave throughput on
// PostgreSQL with WORKERS=1 and WORKERS=2, and the time from SIGTERM to exit with 32 clients saving.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autosaveFigure, listStudents, prepareStudents, type SignedIn } from './autosave.ts';
import { startPortal, withFreshPostgres } from './portal-process.ts';

import type { RecordFigure } from './results.ts';

const CLIENTS = 32;
const SECONDS = 10;

/**
 * Autosave throughput of 32 students for 10 s on a fresh PostgreSQL database, first with one
 * server process, then with two on the same database (other students, so each run starts with
 * first sign-ins), and the ratio between them. `serverUrl` names a PostgreSQL server on which a
 * database may be created.
 */
export async function processesFigures(serverUrl: string, record: RecordFigure): Promise<void> {
  await withFreshPostgres(serverUrl, 'workers', async (databaseUrl, dataDir) => {
    const perSecond: number[] = [];
    for (const workers of [1, 2]) {
      console.log(`Autosave throughput on PostgreSQL with WORKERS=${workers}…`);
      const portal = await startPortal(dataDir, databaseUrl, { WORKERS: String(workers) });
      try {
        const students = await listStudents(portal.url);
        const saves = await autosaveFigure(portal.url, students.slice((workers - 1) * CLIENTS, workers * CLIENTS), SECONDS);
        perSecond.push(saves.perSecond);
        record(
          `Autosave saves/s (PostgreSQL, WORKERS=${workers})`,
          `${saves.perSecond.toFixed(0)}/s, p99 ${saves.p99.toFixed(1)} ms, ${saves.errors} errors`,
          'reported',
          null,
        );
      } finally {
        await portal.stop();
      }
    }
    record('Autosave scaling WORKERS=2 / WORKERS=1 (PostgreSQL)', `${(perSecond[1] / perSecond[0]).toFixed(2)}×`, 'reported', null);
  });
}

/** Saves in a closed loop until the server refuses or closes the connection (it is stopping). */
async function saveUntilStopped(student: SignedIn, counts: { saves: number; refused: number }): Promise<void> {
  for (let n = 1; ; n += 1) {
    let response;
    try {
      response = await student.client.post('/api/student', { ...student.record, allergy: `stop note ${n}` });
    } catch {
      return;
    }
    if (response.status !== 200) {
      counts.refused += 1;
      return;
    }
    student.record = JSON.parse(response.body).record;
    counts.saves += 1;
  }
}

/**
 * The time from SIGTERM to the server's exit while 32 students save over keep-alive connections,
 * on SQLite with the demo school (the signal is sent after 3 s of saving), and its exit code.
 */
export async function stopFigures(record: RecordFigure): Promise<void> {
  console.log(`Stopping with ${CLIENTS} clients saving…`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-stop-'));
  const portal = await startPortal(dataDir);
  try {
    const students = await listStudents(portal.url);
    const signedIn = await prepareStudents(portal.url, students.slice(0, CLIENTS));
    const counts = { saves: 0, refused: 0 };
    const exited = new Promise<number | null>((resolve) => portal.child.once('exit', (code) => resolve(code)));
    const saving = Promise.all(signedIn.map((student) => saveUntilStopped(student, counts)));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const savesBefore = counts.saves;
    const signalled = performance.now();
    portal.child.kill('SIGTERM');
    const code = await exited;
    const seconds = (performance.now() - signalled) / 1000;
    await saving;
    record(
      `Stop: SIGTERM to exit with ${CLIENTS} clients saving (SQLite)`,
      `${seconds.toFixed(2)} s, exit code ${code} (${counts.saves - savesBefore} saves answered after the signal, ${counts.refused} refused)`,
      '≤ 5 s, exit 0',
      seconds <= 5 && code === 0,
    );
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
