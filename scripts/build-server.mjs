// Builds the server into one JavaScript file (apps/server/dist/main.js) that plain Node runs, and
// beside it the scripts of its printing and spreadsheet reading processes: no
// TypeScript loader at run time, so the server starts faster and keeps less in memory. Packages
// from node_modules stay outside the bundle; the workspace's own packages are bundled in.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/server/src/main.ts');
const printingProcessEntry = path.join(root, 'apps/server/src/lib/pdf/printing-process.ts');
const readingProcessEntry = path.join(root, 'apps/server/src/lib/xlsx/reading-process.ts');
const serverDist = path.join(root, 'apps/server/dist');
export const serverBundle = path.join(serverDist, 'main.js');

/**
 * Node's options for running the built server. The young generation's two halves may grow to 8 MB
 * each, not Node's 16: the server keeps them at their largest once grown, and the halved size
 * is some 15 MB less resident memory, at idle and at every peak, with no change in saves a second
 * measured (bench/README.md).
 */
export const serverNodeOptions = ['--max-semi-space-size=8'];

/** The arguments to Node that run the built server, as `npm start` does: `spawn(process.execPath, serverCommand)`. */
export const serverCommand = [...serverNodeOptions, serverBundle];

/** Bare imports (packages) are loaded from node_modules at run time, except the workspace's own. */
const packagesStayOutside = {
  name: 'packages-stay-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@school/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  await build({
    // The server finds its printing and reading processes' scripts beside its own (lib/pdf/printer.ts, lib/xlsx/read-workbook.ts).
    entryPoints: { main: serverEntry, 'printing-process': printingProcessEntry, 'reading-process': readingProcessEntry },
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [packagesStayOutside],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
