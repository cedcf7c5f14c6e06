import path from 'node:path';

// This file sits in src/core/ and, bundled into the built server, in dist/: the server's folder is
// two floors up from the first and one from the second.
const serverFolder = path.resolve(import.meta.dirname, path.basename(import.meta.dirname) === 'dist' ? '..' : '../..');
const webApp = path.resolve(serverFolder, '../web');

/** The built web app that the server serves. */
export const webDist = path.join(webApp, 'dist');

/** The school crest, shared by the web app and the PDFs. */
export const crestFile = path.join(webApp, 'public/favicon.svg');

/** The project's folder, the one `npm` commands run in. */
export const projectFolder = path.resolve(serverFolder, '../..');

/** The deployable configurations of several servers (HAProxy, PgBouncer, PostgreSQL, systemd), which `npm run cluster` uses too. */
export const deployFolder = path.join(projectFolder, 'deploy');
