import http from 'node:http';
import type { AddressInfo } from 'node:net';

const NEXT = '?next-version';
/** A built file's address as pages, scripts and the worker's list name it: `assets/…` or `./…`, ending .js or .css. */
const BUILT_FILE = /((?:assets\/|\.\/)[\w.-]+\.(?:js|css))(?=["'`])/g;
/** Which files the newer build names anew: only the page's main script, or every built file. */
export type NextVersion = { mainScript: string } | 'every file';

/**
 * A pass-through to the portal on another loopback port that, once told to, serves a "newer build":
 * the same files under other addresses (`…?next-version`), named so by the service worker and the
 * pages. Renaming 'every file' names them so in the scripts too, as a real new build does: every
 * file of the newer build imports only files of it, so no module of the old one runs beside it
 * once a screen loads more scripts. Renaming only the main script is the lighter change (one file
 * for the worker to fetch) where the new version's page is only loaded, not used further.
 * The browser fetches the worker for its update check itself, beyond Playwright's routing, so a
 * newer version can only be shown to it by the server it asks.
 */
export async function startNextVersionProxy(
  portal: string,
): Promise<{ origin: string; publishNextVersion(version: NextVersion): void; close(): Promise<void> }> {
  let published: NextVersion | null = null;
  const server = http.createServer((request, response) => {
    const url = request.url!;
    const version = published;
    const rewritten =
      version !== null && (url === '/sw.js' || (version === 'every file' && url.endsWith(NEXT)) || (request.headers.accept ?? '').includes('text/html'));
    const headers: http.OutgoingHttpHeaders = { ...request.headers, host: new URL(portal).host };
    // What is rewritten is asked for whole: uncompressed and unconditionally.
    if (rewritten) for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
    const upstream = http.request(new URL(url, portal), { method: request.method, headers }, (answer) => {
      if (!rewritten || version === null) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const body =
          version === 'every file' ? text.replace(BUILT_FILE, `$1${NEXT}`) : text.replaceAll(`${version.mainScript}"`, `${version.mainScript}${NEXT}"`);
        const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...kept } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, kept).end(body);
      });
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** From now on the worker and the pages (and for 'every file', the scripts) name the renamed files `…?next-version`. */
    publishNextVersion(version) {
      published = version;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
