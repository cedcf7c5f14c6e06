import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createHashingPool, HashingBusy } from '../../../src/features/auth/hashing-pool.ts';
import { hashPassword, useHashingInTests, verifyPassword } from '../../../src/features/auth/passwords.ts';
import { describeWithoutDatabase } from '../../helpers/test-db.ts';

// The portal's own hashing (its argon2id settings, its priority, its rests): what these tests check.
useHashingInTests('production');

/** Light argon2id settings: these tests check the threads, not the cost. */
const quick = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The nice value of each thread of this process, from /proc (Linux). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces); nice is field 19 of the whole line.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describeWithoutDatabase('password hashing threads', () => {
  it('hashes a password that then verifies, and refuses a wrong one', async () => {
    const hashed = await hashPassword('Hibiscus-Garden-42');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'Hibiscus-Garden-42')).toBe(true);
    expect(await verifyPassword(hashed, 'hibiscus-garden-42')).toBe(false);
  });

  it('reads a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('answers every task queued behind one busy thread, each with its own result', async () => {
    const pool = createHashingPool(1, quick);
    const passwords = ['first-password', 'second-password', 'third-password', 'fourth-password'];
    const hashes = (await Promise.all(passwords.map((password) => pool.run({ op: 'hash', password })))) as string[];
    const checks = await Promise.all(hashes.map((hash, index) => pool.run({ op: 'verify', hash, password: passwords[(index + 1) % 4] })));
    expect(checks).toEqual([false, false, false, false]);
    expect(await pool.run({ op: 'verify', hash: hashes[2], password: 'third-password' })).toBe(true);
  });

  it('rests between hashes in proportion to the hash before, leaving the processor to the server', async () => {
    // A hash of some milliseconds, so that the timers' own millisecond of slack cannot decide it.
    const pool = createHashingPool(1, { ...quick, memoryCost: 16_384, timeCost: 3 }, { restFactor: 4 });
    // The first hash starts the thread; wait out the rest that follows it (four times as long).
    const warmStart = performance.now();
    await pool.run({ op: 'hash', password: 'warms-the-thread-up' });
    await new Promise((resolve) => setTimeout(resolve, 5 * (performance.now() - warmStart) + 100));
    const started = performance.now();
    let firstDone = 0;
    const first = pool.run({ op: 'hash', password: 'first-in-line' }).then(() => (firstDone = performance.now()));
    const second = pool.run({ op: 'hash', password: 'second-in-line' }).then(() => performance.now());
    await first;
    const secondDone = await second;
    expect(secondDone - firstDone).toBeGreaterThanOrEqual(2 * (firstDone - started));
  });

  it('keeps a short command alive until its hash is back, then lets it end by itself', () => {
    // The limit only bounds a command that never ends: on a busy machine its start alone takes seconds.
    const pool = path.resolve(import.meta.dirname, '../../../src/features/auth/hashing-pool.ts');
    const script = `
      import { createHashingPool } from ${JSON.stringify(pool)};
      const hash = await createHashingPool(1, ${JSON.stringify(quick)}).run({ op: 'hash', password: 'command-line-password' });
      console.log(hash.slice(0, 9));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(result.error).toBeUndefined();
    expect(result.stdout.trim()).toBe('$argon2id');
    expect(result.status).toBe(0);
  });

  it.runIf(fs.existsSync('/proc/thread-self'))('hashes on a thread that yields the processor to the event loop', async () => {
    const before = threadNiceValues().filter((nice) => nice > 0).length;
    const pool = createHashingPool(1, quick);
    await pool.run({ op: 'hash', password: 'any-password' });
    expect(threadNiceValues().filter((nice) => nice > 0).length).toBeGreaterThan(before);
    expect(threadNiceValues()).toContain(15);
  });
});

describeWithoutDatabase('the bounded sign-in lane of the hashing threads', () => {
  const verifyTask = (hash: string) => ({ op: 'verify' as const, hash, password: 'wrong' });
  /** A pool whose thread has started and is idle again, with a stored hash to check against. */
  async function idlePool(bounds: { waiting: number; perKey: number }) {
    const pool = createHashingPool(1, quick, { restFactor: 0, bounds });
    const hash = (await pool.run({ op: 'hash', password: 'stored' })) as string;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { pool, hash };
  }
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'checked',
      (error: unknown) => (error instanceof HashingBusy ? `busy ${error.retryAfterSeconds > 0 ? 'with a retry time' : 'without a retry time'}` : 'failed'),
    );

  it('turns a key away at once past its bound, and the lane past its own, with a retry time', async () => {
    const { pool, hash } = await idlePool({ waiting: 6, perKey: 2 });
    const sameKey = await Promise.all(Array.from({ length: 5 }, () => outcome(pool.tryRun(verifyTask(hash), 'a'))));
    // The first is taken by the thread at once; two wait; the rest are refused.
    expect(sameKey.filter((result) => result === 'checked')).toHaveLength(3);
    expect(sameKey.filter((result) => result === 'busy with a retry time')).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, 50));
    const manyKeys = await Promise.all(Array.from({ length: 12 }, (_, index) => outcome(pool.tryRun(verifyTask(hash), `k${index}`))));
    expect(manyKeys.filter((result) => result === 'checked')).toHaveLength(7);
    expect(manyKeys.filter((result) => result.startsWith('busy'))).toHaveLength(5);
  });

  it('serves the key with the fewest checks first, and lets a quiet key in when busy keys fill the lane', async () => {
    const { pool, hash } = await idlePool({ waiting: 4, perKey: 4 });
    const order: string[] = [];
    const run = (key: string) => pool.tryRun(verifyTask(hash), key).then(() => order.push(key));
    const busyKey = Array.from({ length: 5 }, () => outcome(run('busy')));
    const quiet = outcome(run('quiet'));
    const results = await Promise.all([...busyKey, quiet]);
    expect(results.at(-1)).toBe('checked');
    // The busy key's first check was running; its newest waiting one gave way to the quiet key,
    // which, served least, went next.
    expect(results.slice(0, 5)).toEqual(['checked', 'checked', 'checked', 'checked', 'busy with a retry time']);
    expect(order).toEqual(['busy', 'quiet', 'busy', 'busy', 'busy']);
  });

  it('serves a key that asked once before keys that keep asking, even when none has been served yet', async () => {
    const { pool, hash } = await idlePool({ waiting: 10, perKey: 1 });
    const order: string[] = [];
    const run = (key: string) => outcome(pool.tryRun(verifyTask(hash), key).then(() => order.push(key)));
    // The thread takes the first check; each of three guessing keys gets one waiting and has
    // twenty more turned away; then a student asks once.
    const running = run('first');
    const guesses = ['g1', 'g2', 'g3'].flatMap((key) => Array.from({ length: 21 }, () => run(key)));
    const student = run('student');
    const results = await Promise.all([running, ...guesses, student]);
    expect(results.filter((result) => result === 'busy with a retry time')).toHaveLength(60);
    expect(order).toEqual(['first', 'student', 'g1', 'g2', 'g3']);
  });

  it('serves a known browser first, ahead of every waiting check', async () => {
    const { pool, hash } = await idlePool({ waiting: 10, perKey: 10 });
    const order: string[] = [];
    const waiting = Array.from({ length: 4 }, (_, index) => pool.tryRun(verifyTask(hash), `k${index}`).then(() => order.push(`k${index}`)));
    const known = pool.tryRun(verifyTask(hash), 'device:x', { first: true }).then(() => order.push('known'));
    await Promise.all([...waiting, known]);
    expect(order.indexOf('known')).toBe(1);
  });
});
