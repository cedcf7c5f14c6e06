import type { FastifyInstance } from 'fastify';
import { DEVICE_COOKIE } from './device-cookies.ts';
import { signInQueueFull } from './passwords.ts';
import { SignInBusy } from './service.ts';

/** The calls whose password checks wait in the hashing queue by the caller's address. */
const signInUrls = new Set(['/api/login-student', '/api/admin-login']);

/**
 * Turns a sign-in away before anything else is done for it (no session read, no body parsed)
 * when its address already has as many password checks waiting as it may (decision 015): during
 * a flood of guesses each refusal then costs little, and a real sign-in from another address is
 * not kept waiting behind the work of thousands of refusals. A browser with a device cookie may
 * belong in the first lane, so it goes the whole way.
 */
export function registerSignInShedding(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || !signInUrls.has(request.routeOptions.url ?? '') || request.cookies[DEVICE_COOKIE]) return;
    const waitSeconds = signInQueueFull({ key: request.address, first: false });
    if (waitSeconds !== null) throw new SignInBusy(waitSeconds);
  });
}
