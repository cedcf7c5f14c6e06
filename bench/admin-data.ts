// The admin's data figures of `npm run bench`: export, all-classes report and import at 1,500 students.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { autosaveLoop, prepareStudent, signInAdmin, type Student } from './autosave.ts';
import { multipartBody, percentile } from './http-client.ts';
import { residentMb } from './portal-process.ts';
import { ms, type RecordFigure } from './results.ts';

const IMPORTED = 1500;

/** The import file: 1,500 new students in Form 1 classes, as CSV. */
function intakeCsv(): Buffer {
  const lines = ['Student ID,First Name,Last Name,Middle Name,Sex,Date of Birth,Class,House,Birth Certificate PIN'];
  for (let index = 1; index <= IMPORTED; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(`BENCH-${index},Student${index},Intake${index},,F,2014-03-${day},1${'ABCDE'[index % 5]},${'ABCD'[index % 4]},PIN${index}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Every field of a complete demo record copied onto the imported students, so the export has 1,500 full records. */
function fillImportedRecords(dataDir: string) {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const columns = (db.prepare('PRAGMA table_info(students)').all() as Array<{ name: string }>)
      .map((column) => column.name)
      .filter(
        (name) =>
          ![
            'id',
            'first_name',
            'last_name',
            'middle_name',
            'date_of_birth',
            'class_id',
            'house_code',
            'birth_certificate_no',
            'created_at',
            'updated_at',
          ].includes(name),
      );
    const source = db.prepare("SELECT id FROM students WHERE agree_terms_conditions = 1 AND id NOT LIKE 'BENCH-%' LIMIT 1").get() as { id: string } | undefined;
    if (!source) return;
    const set = columns.map((name) => `"${name}" = (SELECT "${name}" FROM students WHERE id = @source)`).join(', ');
    db.prepare(`UPDATE students SET ${set} WHERE id LIKE 'BENCH-%'`).run({ source: source.id });
  } finally {
    db.close();
  }
}

/** Samples the server's resident memory while `work` runs, answering the peak in MB. */
async function peakMemory<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number; startMb: number }> {
  const startMb = residentMb(pid);
  let peakMb = startMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), 20);
  try {
    return { result: await work(), peakMb, startMb };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Import of 1,500 rows (with eight students autosaving meanwhile), then the spreadsheet of every
 * field and the all-classes report with those 1,500 students in the school.
 */
export async function adminDataFigures(url: string, pid: number, dataDir: string, savers: Student[], record: RecordFigure): Promise<void> {
  const admin = await signInAdmin(url);
  const signedIn = await Promise.all(savers.map((student) => prepareStudent(url, student)));
  const { body, contentType } = multipartBody({ mode: 'insert', dry_run: 'false' }, { name: 'bench-intake.csv', type: 'text/csv', bytes: intakeCsv() });

  const counts = { errors: 0, saves: 0 };
  await Promise.all(signedIn.map((student) => autosaveLoop(student, performance.now() + 2000, [], counts, 'warm')));
  const calm: number[] = [];
  await Promise.all(signedIn.map((student) => autosaveLoop(student, performance.now() + 3000, calm, counts, 'calm')));

  /** Runs `work` while the savers keep saving until it has answered: its answer, how long it took, and the saves' latencies meanwhile. */
  async function whileSaving<T>(work: () => Promise<T>, tag: string) {
    const latencies: number[] = [];
    const started = performance.now();
    const working = work().then((answer) => ({ answer, ms: performance.now() - started }));
    let done = false;
    void working.finally(() => (done = true));
    await Promise.all(
      signedIn.map(async (student) => {
        while (!done) await autosaveLoop(student, performance.now() + 50, latencies, counts, tag);
      }),
    );
    return { ...(await working), latencies };
  }

  const { answer: imported, ms: importMs, latencies } = await whileSaving(() => admin.raw('POST', '/api/student-import', body, contentType), 'import');
  const answer = JSON.parse(imported.body) as { inserted?: number; errors?: unknown[] };
  record(
    `Import of ${IMPORTED} students`,
    imported.status === 200 ? `${ms(importMs)} (${answer.inserted} added, ${answer.errors?.length ?? 0} errors)` : `failed: ${imported.status}`,
    '≤ 5 s',
    imported.status === 200 && answer.inserted === IMPORTED && importMs <= 5000,
  );
  const calmP99 = percentile(calm, 99);
  const importP99 = percentile(latencies, 99);
  record(
    'Autosave p99 during the import / calm',
    `${ms(importP99)} / ${ms(calmP99)} (${latencies.length} saves during it)`,
    '≤ 2× calm',
    importP99 <= 2 * calmP99,
  );

  fillImportedRecords(dataDir);
  const exported = await peakMemory(pid, () => admin.get('/api/registration-data-spreadsheet'));
  record(
    `Export of ${IMPORTED}+ students × every field`,
    `${ms(exported.result.ms)}, peak RSS ${exported.peakMb.toFixed(0)} MB (${exported.startMb.toFixed(0)} MB before)`,
    '≤ 2 s, ≤ 300 MB',
    exported.result.status === 200 && exported.result.ms <= 2000 && exported.peakMb <= 300,
  );
  const report = await admin.get('/api/registration-report/all');
  record(`All-classes report, ${IMPORTED}+ students`, ms(report.ms), '≤ 3 s', report.status === 200 && report.ms <= 3000);
  // The report again, while the eight save: it prints on its own thread, so their saves go on.
  const printing = await whileSaving(() => admin.get('/api/registration-report/all'), 'report');
  const printingP99 = percentile(printing.latencies, 99);
  record(
    'Autosave p99 while the all-classes report prints / calm',
    `${ms(printingP99)} / ${ms(calmP99)} (${printing.latencies.length} saves during it, report ${ms(printing.ms)})`,
    '≤ 2× calm',
    printing.answer.status === 200 && printingP99 <= 2 * calmP99,
  );
}
