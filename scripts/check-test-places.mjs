// Checks that every unit and API test sits where a reader looks for it: `test/x/y.test.ts` in the
// folder that mirrors `src/x/`, and, when `src` has a file or folder named like the test, in the
// mirror of that one's folder (or, for a folder, within its mirror). End-to-end specs live in e2e/ and are not checked.
import fs from 'node:fs';
import path from 'node:path';

const roots = ['packages/contract', 'apps/server', 'apps/web'];
const testName = /\.test\.tsx?$/;

/** Every path under `dir`, relative to it, folders included. */
function walk(dir, base = '') {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(base, entry.name);
    return entry.isDirectory() ? [relative + '/', ...walk(dir, relative)] : [relative];
  });
}

/** The places under `src` a test is named for: a source file or a folder of that name. */
function sourcesNamed(sources, name) {
  return sources.filter((source) => {
    const base = path.posix.basename(source.replace(/\/$/, ''));
    return source.endsWith('/') ? base === name : base.replace(/\.tsx?$/, '') === name && !testName.test(base);
  });
}

const misplaced = [];
for (const root of roots) {
  const sources = walk(path.join(root, 'src'));
  const folders = new Set(['', ...sources.filter((source) => source.endsWith('/')).map((folder) => folder.slice(0, -1))]);
  for (const test of walk(path.join(root, 'test')).filter((file) => testName.test(file))) {
    const folder = path.posix.dirname(test) === '.' ? '' : path.posix.dirname(test);
    const named = sourcesNamed(sources, path.posix.basename(test).replace(testName, ''));
    // A file is tested beside it; a folder beside it or within it (`features/attendance/attendance.test.ts`).
    const mirrors = named.flatMap((source) => {
      const dir = path.posix.dirname(source.replace(/\/$/, ''));
      const beside = dir === '.' ? '' : dir;
      return source.endsWith('/') ? [beside, source.slice(0, -1)] : [beside];
    });
    if (!folders.has(folder)) misplaced.push(`${root}/test/${test}: no folder src/${folder} to mirror`);
    else if (mirrors.length > 0 && !mirrors.includes(folder))
      misplaced.push(`${root}/test/${test}: tests src/${named[0]}, so it belongs in test/${mirrors[0] ? `${mirrors[0]}/` : ''}`);
  }
}

if (misplaced.length > 0) {
  console.error(`Tests not in the folder that mirrors what they test:\n  ${misplaced.join('\n  ')}`);
  process.exit(1);
}
