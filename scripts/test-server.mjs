// Runs the server suites on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL at the same
// time (DESIGN §7). Each test file opens a database of its own, so the two runs share nothing; they
// spend most of their time waiting on servers, timers and the database, so running both at once
// nearly halves the time on a machine of two cores. Each line is marked with its database.
// The runs' lines interleave, so a run that fails has its failures printed again at the very end,
// where whoever reads the last lines of the output finds them.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const runs = [{ name: 'SQLite', env: { TEST_DB: 'sqlite' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });
else console.log('TEST_DATABASE_URL is not set: the server suites run on SQLite only.');

/** Vitest's summary of what failed begins with a line such as '⎯⎯⎯ Failed Tests 2 ⎯⎯⎯'. */
const failuresBegin = /Failed (Tests|Suites) \d+/;
const failureLinesKept = 400;

function run({ name, env }) {
  console.log(`── server suites on ${name} ──`);
  const child = spawn('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const failures = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      console.log(`[${name}] ${line}`);
      if (failures.length > 0 || failuresBegin.test(line)) {
        if (failures.length < failureLinesKept) failures.push(line);
      }
    });
  }
  return new Promise((resolve) => child.on('close', (code) => resolve({ name, code: code ?? 1, failures })));
}

const results = await Promise.all(runs.map(run));
for (const { name, code, failures } of results) {
  if (code === 0) continue;
  console.log(`── what failed on ${name} ──`);
  for (const line of failures) console.log(`[${name}] ${line}`);
}
for (const { name, code } of results) console.log(`── server suites on ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} ──`);
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
