// Runs the server suites on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set (DESIGN §7).
import { spawnSync } from 'node:child_process';

const runs = [{ name: 'SQLite', env: { TEST_DB: 'sqlite' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });
else console.log('TEST_DATABASE_URL is not set: the server suites run on SQLite only.');

for (const run of runs) {
  console.log(`\n── server suites on ${run.name} ──`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
