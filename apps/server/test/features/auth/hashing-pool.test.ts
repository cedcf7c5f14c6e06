import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHashingPool } from '../../../src/features/auth/hashing-pool.ts';
import { hashPassword, verifyPassword } from '../../../src/features/auth/passwords.ts';

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

describe('password hashing threads', () => {
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
    const pool = createHashingPool(1, quick, 4);
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
    const pool = path.resolve(import.meta.dirname, '../../../src/features/auth/hashing-pool.ts');
    const script = `
      import { createHashingPool } from ${JSON.stringify(pool)};
      const hash = await createHashingPool(1, ${JSON.stringify(quick)}).run({ op: 'hash', password: 'command-line-password' });
      console.log(hash.slice(0, 9));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
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
