// The autosave load shared by the benchmarks: students signed in with passwords of their own, each
// saving her whole record in a closed loop.
import { BenchClient, median, percentile } from './http-client.ts';
import { BENCH_ADMIN_PASSWORD } from './portal-process.ts';

export type Student = { id: string; date_of_birth: string };
export type SignedIn = { client: BenchClient; record: Record<string, unknown> };

export async function signInAdmin(url: string): Promise<BenchClient> {
  const admin = new BenchClient(url);
  await admin.get('/sanctum/csrf-cookie');
  const response = await admin.post('/api/admin-login', { name: 'admin', password: BENCH_ADMIN_PASSWORD });
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status} ${response.body}`);
  return admin;
}

/** One password for every bench student (a password may not contain the student ID). */
export const passwordOf = (_student: Student) => 'Bench-Hibiscus-Pass-9';

/**
 * Sends a call that hashes a password, again after the time the portal asks while its hashing
 * queue is full (decision 015: many sign-ins at once from the bench's one address fill it).
 */
async function whenHashingFree(call: () => Promise<{ status: number; body: string; ms: number }>) {
  for (;;) {
    const answer = await call();
    if (answer.status !== 503) return answer;
    await new Promise((resolve) => setTimeout(resolve, Number(JSON.parse(answer.body).retryAfter ?? 1) * 1000));
  }
}

/** First sign-in with the date of birth, then a real password, as a student would. */
export async function prepareStudent(url: string, student: Student): Promise<SignedIn> {
  const client = new BenchClient(url);
  await client.get('/sanctum/csrf-cookie');
  const first = await whenHashingFree(() => client.post('/api/login-student', { student_id: student.id, password: student.date_of_birth.replaceAll('-', '') }));
  if (first.status !== 200) throw new Error(`sign-in failed for ${student.id}: ${first.status} ${first.body}`);
  const change = await whenHashingFree(() => client.post('/api/change-password-student', { student_id: student.id, password: passwordOf(student) }));
  if (change.status !== 200) throw new Error(`password change failed for ${student.id}: ${change.status} ${change.body}`);
  const loaded = await client.get(`/api/student/${student.id}`);
  return { client, record: JSON.parse(loaded.body).record };
}

/**
 * Prepares the students four at a time: the hashing queue holds at most four sign-ins per address
 * (decision 015), and turned-away calls would count against the address's sign-in rate.
 */
export async function prepareStudents(url: string, students: Student[]): Promise<SignedIn[]> {
  const prepared: SignedIn[] = [];
  for (let start = 0; start < students.length; start += 4) {
    prepared.push(...(await Promise.all(students.slice(start, start + 4).map((student) => prepareStudent(url, student)))));
  }
  return prepared;
}

/** Closed-loop autosaves until `until`; each save carries the updatedAt of the last answer. */
export async function autosaveLoop(student: SignedIn, until: number, latencies: number[], counts: { errors: number; saves: number }, tag: string) {
  let n = 0;
  while (performance.now() < until) {
    n += 1;
    const response = await student.client.post('/api/student', { ...student.record, allergy: `${tag} note ${n}` });
    latencies.push(response.ms);
    if (response.status === 200) {
      student.record = JSON.parse(response.body).record;
      counts.saves += 1;
    } else {
      counts.errors += 1;
      if (response.status === 409) student.record = JSON.parse(response.body).record;
    }
  }
}

export async function autosaveFigure(url: string, students: Student[], seconds: number) {
  const signedIn = await prepareStudents(url, students);
  const latencies: number[] = [];
  const counts = { errors: 0, saves: 0 };
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(signedIn.map((student) => autosaveLoop(student, until, latencies, counts, 'load')));
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: counts.saves / elapsed, p99: percentile(latencies, 99), p50: median(latencies), errors: counts.errors };
}

export async function listStudents(url: string): Promise<Student[]> {
  const admin = await signInAdmin(url);
  const response = await admin.get('/api/students');
  return (JSON.parse(response.body) as Student[]).filter((student) => student.date_of_birth).sort((a, b) => a.id.localeCompare(b.id));
}
