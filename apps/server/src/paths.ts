import path from 'node:path';

// This file sits in src/ and the built server in dist/: the same depth, so these hold for both.
const webApp = path.resolve(import.meta.dirname, '../../web');

/** The built web app that the server serves. */
export const webDist = path.join(webApp, 'dist');

/** The school crest, shared by the web app and the PDFs. */
export const crestFile = path.join(webApp, 'public/favicon.svg');
