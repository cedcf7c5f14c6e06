import { messages } from '@school/contract/messages';
import type { PasskeyCreationOptions, PasskeyList, PasskeyRequestOptions, StaffAccount } from '@school/contract/responses';
import { api, ApiError } from './client.ts';

/** The browser's side of a passkey ceremony, loaded only when a passkey is made or used: the sign-in screens stay small. */
const browserPasskeys = () => import('@simplewebauthn/browser');

/** GET /api/account/passkeys: her passkeys, oldest first (the step-up offers one when she has any). */
export const getPasskeys = () => api<PasskeyList>('/api/account/passkeys');

/** Which second factors a staff member has: an authenticator app, a passkey (the step-up offers what she has). */
export type SecondFactors = { app: boolean; passkey: boolean };

/** Her second factors, from her account (GET /api/account) and her passkeys. */
export async function getSecondFactors(): Promise<SecondFactors> {
  const [account, passkeys] = await Promise.all([api<StaffAccount>('/api/account'), getPasskeys()]);
  return { app: account.totp, passkey: passkeys.passkeys.length > 0 };
}

/** The portal was opened at another address than the one its passkeys belong to (PORTAL_URL's host name). */
class PasskeysElsewhere extends Error {}

/**
 * Refuses before the browser does (with a bare security error) when this page's host is not, or is
 * not under, the passkeys' host: says the portal's own address (PORTAL_URL's), or, when the portal
 * has not been given one, that the administrator must set it.
 */
function checkHost(rpId: string | undefined, portalUrl: string | null | undefined): void {
  const host = window.location.hostname;
  if (!rpId || host === rpId || host.endsWith(`.${rpId}`)) return;
  throw new PasskeysElsewhere(portalUrl ? messages.passkeysElsewhere(portalUrl) : messages.passkeysNeedPortalUrl(window.location.origin));
}

/** The message to show when a passkey step failed: the server's, or why the browser gave no passkey. */
export function passkeyProblem(caught: unknown): string {
  if (caught instanceof ApiError) return caught.firstMessage;
  if (caught instanceof PasskeysElsewhere) return caught.message;
  if (caught instanceof Error && /not supported|does not support/i.test(caught.message)) return messages.passkeysUnsupported;
  return caught instanceof Error && caught.name !== 'TypeError' ? messages.passkeyCancelled : messages.unreachable;
}

/**
 * A passkey's answer to the challenge `optionsPath` hands out, sent to `answerPath` (a sign-in or a
 * step-up, decision 043); answers the server's reply.
 */
export async function givePasskey<T>(optionsPath: string, answerPath: string): Promise<T> {
  const options = await api<PasskeyRequestOptions>(optionsPath, { method: 'POST', body: {} });
  checkHost(options.rpId, options.portal_url);
  const { startAuthentication } = await browserPasskeys();
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return api<T>(answerPath, { method: 'POST', body: { response } });
}

/** A new passkey made by the browser for the creation options the server handed out. */
export async function makePasskey(options: PasskeyCreationOptions) {
  checkHost(options.rp.id, options.portal_url);
  const { startRegistration } = await browserPasskeys();
  return startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
}
