import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, worked out once. They are the same on every answer
 * (no nonces), and the Fastify plugin built helmet's middleware again for every request: on the
 * autosave path that cost more than the session's read.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not set its headers at once');
  return Object.fromEntries(headers);
}

/** HSTS for a year, subdomains included: what a portal served over HTTPS sends. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Sends the security headers (`securityHeaders`) with every answer, set before any route runs;
 * and HSTS with every answer to a request that came over HTTPS (on the socket, or through a
 * trusted proxy that says so), when the options do not send it always.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const hstsAlways = 'strict-transport-security' in headers;
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (!hstsAlways && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * For an answer carrying a file someone uploaded (a student's document, an uploaded report card):
 * its document is sandboxed (CSP `sandbox`, beside the portal's own policy), so nothing in it runs
 * with the portal's origin, while the browser's viewer still shows it, in a frame too (decision 040).
 */
export function sandboxUploadedFile(reply: FastifyReply): FastifyReply {
  const policy = reply.getHeader('content-security-policy');
  return reply.header('content-security-policy', policy ? `${String(policy)};sandbox` : 'sandbox');
}
