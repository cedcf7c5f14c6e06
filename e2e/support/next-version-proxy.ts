import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through to the portal on another loopback port that, once told to, serves a "newer build":
 * the same files, but the service worker and the pages name the main script under another address,
 * as a new build would. The browser fetches the worker for its update check itself, beyond
 * Playwright's routing, so a newer version can only be shown to it by the server it asks.
 */
export async function startNextVersionProxy(portal: string): Promise<{ origin: string; publishNextVersion(mainScript: string): void; close(): Promise<void> }> {
  let mainScript: string | null = null;
  const server = http.createServer((request, response) => {
    const rewritten = request.url === '/sw.js' || (request.headers.accept ?? '').includes('text/html');
    const headers = { ...request.headers, host: new URL(portal).host };
    // What may be rewritten is asked for whole: uncompressed and unconditionally.
    if (rewritten) for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
    const upstream = http.request(new URL(request.url!, portal), { method: request.method, headers }, (answer) => {
      if (!rewritten || !mainScript) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8').replaceAll(`${mainScript}"`, `${mainScript}?next-version"`);
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
    /** From now on the worker and the pages name `mainScript` (e.g. `assets/index-abc.js`) as `…?next-version`. */
    publishNextVersion(script) {
      mainScript = script;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
