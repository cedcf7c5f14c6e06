// The admin's data figures of `npm run bench`: export, all-classes report and import at 1,500 students.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BenchClient, percentile } from './http-client.ts';
import { BENCH_ADMIN_PASSWORD, residentMb } from './portal-process.ts';

type Record_ = (figure: string, value: string, budget: string, met: boolean | null) => void;
type Student = { id: string; date_of_birth: string };

const IMPORTED = 1500;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function signInAdmin(url: string): Promise<BenchClient> {
  const admin = new BenchClient(url);
  await admin.get('/sanctum/csrf-cookie');
  const response = await admin.post('/api/admin-login', { name: 'admin', password: BENCH_ADMIN_PASSWORD });
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status}`);
  return admin;
}

/** A student signed in with her own password, with her record, ready to autosave. */
async function savingStudent(url: string, student: Student) {
  const client = new BenchClient(url);
  await client.get('/sanctum/csrf-cookie');
  await client.post('/api/login-student', { student_id: student.id, password: student.date_of_birth.replaceAll('-', '') });
  await client.post('/api/change-password-student', { student_id: student.id, password: 'Bench-Import-Pass-7' });
  const loaded = await client.get(`/api/student/${student.id}`);
  return { client, record: JSON.parse(loaded.body).record as Record<string, unknown> };
}

/** The import file: 1,500 new students in Form 1 classes, as CSV. */
function intakeCsv(): Buffer {
  const lines = ['Student ID,First Name,Last Name,Middle Name,Sex,Date of Birth,Class,House,Birth Certificate PIN'];
  for (let index = 1; index <= IMPORTED; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(`BENCH-${index},Student${index},Intake${index},,F,2014-03-${day},1${'ABCDE'[index % 5]},${'ABCD'[index % 4]},PIN${index}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function multipart(fields: Record<string, string>, name: string, bytes: Buffer) {
  const boundary = '----portal-bench-import';
  const parts = Object.entries(fields).map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`);
  return {
    body: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
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
export async function adminDataFigures(url: string, pid: number, dataDir: string, savers: Student[], record: Record_): Promise<void> {
  const admin = await signInAdmin(url);
  const signedIn = await Promise.all(savers.map((student) => savingStudent(url, student)));
  const { body, type } = multipart({ mode: 'insert', dry_run: '0' }, 'bench-intake.csv', intakeCsv());

  const latencies: number[] = [];
  let importing = true;
  const saving = signedIn.map(async (student, index) => {
    let n = 0;
    while (importing) {
      n += 1;
      const response = await student.client.post('/api/student', { ...student.record, allergy: `import bench ${index} ${n}` });
      latencies.push(response.ms);
      if (response.status === 200 || response.status === 409) student.record = JSON.parse(response.body).record;
    }
  });
  const started = performance.now();
  const imported = await admin.raw('POST', '/api/student-import', body, type);
  const importMs = performance.now() - started;
  importing = false;
  await Promise.all(saving);
  const answer = JSON.parse(imported.body) as { inserted?: number; errors?: unknown[] };
  record(
    `Import of ${IMPORTED} students`,
    imported.status === 200 ? `${ms(importMs)} (${answer.inserted} added, ${answer.errors?.length ?? 0} errors)` : `failed: ${imported.status}`,
    '≤ 5 s',
    imported.status === 200 && answer.inserted === IMPORTED && importMs <= 5000,
  );
  record('Autosave p99 during the import', `${ms(percentile(latencies, 99))} (${latencies.length} saves)`, 'reported', null);

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
}
