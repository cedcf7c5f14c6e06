// Autosave under load (issue 7, then the second round): 32 signed-in students saving whole
// records in a closed loop, against a bare server writing the same row width, in the same run.
import path from 'node:path';
import { BenchClient, median, percentile } from './http-client.ts';
import { BENCH_ADMIN_PASSWORD, root, startProcess } from './portal-process.ts';

export type Student = { id: string; date_of_birth: string; left_on?: string };
export type SignedIn = { client: BenchClient; record: Record<string, unknown> };
export type LoadFigure = { perSecond: number; p50: number; p99: number; errors: number };

export async function signInAdmin(url: string): Promise<BenchClient> {
  const admin = new BenchClient(url);
  await admin.get('/sanctum/csrf-cookie');
  const response = await admin.post('/api/admin-login', { name: 'admin', password: BENCH_ADMIN_PASSWORD });
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status} ${response.body}`);
  return admin;
}

/** The demo school's students at school (not those who left) who still sign in with their date of birth, in a fixed order. */
export async function listStudents(url: string): Promise<Student[]> {
  const admin = await signInAdmin(url);
  const response = await admin.get('/api/students');
  return (JSON.parse(response.body) as Student[]).filter((student) => student.date_of_birth && !student.left_on).sort((a, b) => a.id.localeCompare(b.id));
}

/** One password for every bench student (a password may not contain the student ID). */
export const BENCH_STUDENT_PASSWORD = 'Bench-Hibiscus-Pass-9';

/** Sends again after the Retry-After the portal gives while its password checks are busy (503), as the web app does. */
export async function retryWhileBusy(send: () => Promise<{ status: number; body: string; ms: number }>) {
  for (;;) {
    const answer = await send();
    if (answer.status !== 503) return answer;
    const seconds = (JSON.parse(answer.body) as { retryAfter?: number }).retryAfter ?? 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** First sign-in with the date of birth, then a real password, as a student would. */
export async function prepareStudent(url: string, student: Student): Promise<SignedIn> {
  const client = new BenchClient(url);
  await client.get('/sanctum/csrf-cookie');
  const first = await retryWhileBusy(() => client.post('/api/login-student', { student_id: student.id, password: student.date_of_birth.replaceAll('-', '') }));
  if (first.status !== 200) throw new Error(`sign-in failed for ${student.id}: ${first.status} ${first.body}`);
  const change = await retryWhileBusy(() => client.post('/api/change-password-student', { student_id: student.id, password: BENCH_STUDENT_PASSWORD }));
  if (change.status !== 200) throw new Error(`password change failed for ${student.id}: ${change.status} ${change.body}`);
  const loaded = await client.get(`/api/student/${student.id}`);
  return { client, record: JSON.parse(loaded.body).record };
}

/** Prepares the students four at a time: the hashing queue holds four sign-ins per address (decision 015), so more would only wait for their turn. */
export async function prepareStudents(url: string, students: Student[]): Promise<SignedIn[]> {
  const prepared: SignedIn[] = [];
  for (let start = 0; start < students.length; start += 4) {
    prepared.push(...(await Promise.all(students.slice(start, start + 4).map((student) => prepareStudent(url, student)))));
  }
  return prepared;
}

/**
 * One save of her whole record, timed from its request, or from `due` when it was due earlier: it
 * carries the updatedAt of the last answer, and takes the new one.
 */
async function saveOnce(student: SignedIn, note: string, latencies: number[], counts: { errors: number; saves: number }, due?: number) {
  const response = await student.client.post('/api/student', { ...student.record, allergy: note });
  latencies.push(due === undefined ? response.ms : performance.now() - due);
  if (response.status === 200) {
    student.record = JSON.parse(response.body).record;
    counts.saves += 1;
  } else {
    counts.errors += 1;
    if (response.status === 409) student.record = JSON.parse(response.body).record;
  }
}

/** Closed-loop autosaves until `until`; each save carries the updatedAt of the last answer. */
export async function autosaveLoop(student: SignedIn, until: number, latencies: number[], counts: { errors: number; saves: number }, tag: string) {
  for (let n = 1; performance.now() < until; n += 1) await saveOnce(student, `${tag} note ${n}`, latencies, counts);
}

/** Saves of `students`, signed in first, for `seconds`, after 2 s of the same load left out of the figure. */
export async function autosaveFigure(url: string, students: Student[], seconds: number): Promise<LoadFigure> {
  const savers = portalSavers(await prepareStudents(url, students));
  await runRound(savers, 2, newRound(), 'warm');
  const round = newRound();
  await runRound(savers, seconds, round, 'load');
  return figureOf(round);
}

/** One closed loop of saves against either server: what it sends, and what counts as saved. */
export type Saver = (until: number, latencies: number[], counts: { errors: number; saves: number }, tag: string) => Promise<void>;

export const portalSavers = (signedIn: SignedIn[]): Saver[] =>
  signedIn.map((student) => (until, latencies, counts, tag) => autosaveLoop(student, until, latencies, counts, tag));

/** Clients of the bare baseline, each updating its own row with the sample record. */
function baselineSavers(url: string, clients: number, sample: Record<string, unknown>): Saver[] {
  return Array.from({ length: clients }, (_, index) => {
    const client = new BenchClient(url);
    let n = 0;
    return async (until, latencies, counts, tag) => {
      while (performance.now() < until) {
        n += 1;
        const response = await client.post(`/save/${index}`, { ...sample, allergy: `${tag} note ${n}` });
        latencies.push(response.ms);
        if (response.status === 200) counts.saves += 1;
        else counts.errors += 1;
      }
    };
  });
}

type Round = { latencies: number[]; counts: { errors: number; saves: number }; seconds: number };
const newRound = (): Round => ({ latencies: [], counts: { errors: 0, saves: 0 }, seconds: 0 });

async function runRound(savers: Saver[], seconds: number, round: Round, tag: string) {
  const started = performance.now();
  await Promise.all(savers.map((save) => save(started + seconds * 1000, round.latencies, round.counts, tag)));
  round.seconds += (performance.now() - started) / 1000;
}

const figureOf = (round: Round): LoadFigure => ({
  perSecond: round.counts.saves / round.seconds,
  p99: percentile(round.latencies, 99),
  p50: median(round.latencies),
  errors: round.counts.errors,
});

/**
 * The portal's autosave load against the bare baseline (`baseline-server.ts`, the same row width,
 * on SQLite, or on PostgreSQL when `database` is given with the portal's pool size), in the same
 * run: both servers stay up and the load alternates between them in `rounds` rounds of `seconds`
 * each (after a warm-up of each), so a slow spell of a shared machine falls on both alike rather
 * than on whichever was measured during it. Each figure is taken over all its rounds.
 */
export async function compareWithBaseline(
  signedIn: SignedIn[],
  sample: Record<string, unknown>,
  options: { rounds: number; seconds: number; database?: { url: string; poolSize: number } },
): Promise<{ portal: LoadFigure; baseline: LoadFigure }> {
  const { database } = options;
  const env: Record<string, string> = database ? { BASELINE_DATABASE_URL: database.url, BASELINE_POOL_SIZE: String(database.poolSize) } : {};
  const server = await startProcess(['--import', 'tsx', path.join(root, 'bench/baseline-server.ts')], env, '/health', 30_000);
  try {
    return await alternateRounds({ portal: portalSavers(signedIn), baseline: baselineSavers(server.url, signedIn.length, sample) }, options);
  } finally {
    await server.stop();
  }
}

/**
 * The same load sent to each group of savers in turn: a warm-up of each, then `rounds` rounds of
 * `seconds` each, alternating, so that a slow spell of a shared machine falls on all alike. Each
 * figure is taken over all its group's rounds.
 */
export async function alternateRounds<Name extends string>(
  groups: Record<Name, Saver[]>,
  options: { rounds: number; seconds: number },
): Promise<Record<Name, LoadFigure>> {
  const names = Object.keys(groups) as Name[];
  for (const name of names) await runRound(groups[name], 2, newRound(), 'warm');
  const rounds = Object.fromEntries(names.map((name) => [name, newRound()])) as Record<Name, Round>;
  for (let round = 0; round < options.rounds; round += 1) for (const name of names) await runRound(groups[name], options.seconds, rounds[name], 'load');
  return Object.fromEntries(names.map((name) => [name, figureOf(rounds[name])])) as Record<Name, LoadFigure>;
}

/**
 * Saves at a set pace, `perSecond` in all, each sent one of several `ways` (copies of the same
 * students, each reaching the portal by another path): a student's saves take the ways in turn,
 * and the students start on different ways, so at any moment about as many saves go each way and
 * every way is measured over the same seconds of the same run. A slow spell of a shared machine
 * then falls on all ways alike within the second, not on whichever held the round. As students
 * typing make them (an open loop), never two saves of hers at once, each save is timed from when it
 * was due, so a save held back by a slow one before it counts that wait too. The first
 * `warmSeconds` are left out.
 */
export async function interleavedPace<Name extends string>(
  ways: Record<Name, SignedIn[]>,
  options: { perSecond: number; seconds: number; warmSeconds?: number },
): Promise<Record<Name, LoadFigure>> {
  const names = Object.keys(ways) as Name[];
  const students = ways[names[0]].length;
  const everyMs = (students / options.perSecond) * 1000;
  const rounds = Object.fromEntries(names.map((name) => [name, newRound()])) as Record<Name, Round>;
  const warm = newRound();
  const started = performance.now();
  const measuredFrom = started + (options.warmSeconds ?? 2) * 1000;
  const until = measuredFrom + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: students }, async (_, index) => {
      let due = started + (index / students) * everyMs;
      for (let n = 0; due < until; n += 1, due += everyMs) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const name = names[(index + n) % names.length];
        const round = due < measuredFrom ? warm : rounds[name];
        await saveOnce(ways[name][index], `interleaved note ${n}`, round.latencies, round.counts, due);
      }
    }),
  );
  for (const name of names) rounds[name].seconds = options.seconds;
  return Object.fromEntries(names.map((name) => [name, figureOf(rounds[name])])) as Record<Name, LoadFigure>;
}

/** p99 of `savers`' autosaves when calm (after a warm-up) and while `stormers` sign in over and over (argon2id each time). */
export async function stormFigure(url: string, savers: Student[], stormers: Student[]) {
  const signedIn = await prepareStudents(url, savers);
  // The storm's students already have their own passwords, so each sign-in runs argon2id.
  await prepareStudents(url, stormers);
  const counts = { errors: 0, saves: 0 };
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
        // As the web app does, a sign-in turned away while the checks are busy waits and is sent again.
        const response = await retryWhileBusy(() => client.post('/api/login-student', { student_id: student.id, password: BENCH_STUDENT_PASSWORD }));
        if (response.status === 200) signIns += 1;
        else stormFailures += 1;
      }
    }),
  ]);
  return { calmP99: percentile(calm, 99), stormP99: percentile(stormy, 99), signIns, stormFailures, errors: counts.errors };
}
