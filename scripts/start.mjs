// `npm start`: build the web app when its build is missing or older than its sources, then run the
// server (which migrates, creates the first admin and the demo school when new, and listens).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((source) => newestChange(path.join(root, source))))) {
  console.log(builtAt ? 'The web app changed since its last build; building it again…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { stdio: 'inherit' });
process.exit(server.status ?? 1);
