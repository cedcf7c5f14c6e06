import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { serverSecret } from '../../db/server-secret.ts';

/**
 * Device cookies (decision 015, after OWASP's "Slow Down Online Guessing Attacks with Device
 * Cookies"): a browser that has signed in to an account receives a signed token naming the account
 * and a random device id. Its later sign-ins to that account are limited per device, not with the
 * guesses of everyone else, so an attacker elsewhere cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'portal_device';
/** A device cookie lasts a year; a browser keeps the tokens of its last few accounts (a shared computer). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const TOKENS_KEPT = 5;

/** The account a token is for: `student:<id>`, `admin:<username>` or `guardian:<e-mail address>`. */
export type DeviceAccount = `student:${string}` | `admin:${string}` | `guardian:${string}`;

const mac = (secret: Buffer, account: string, device: string) => createHmac('sha256', secret).update(`${account}\n${device}`).digest('base64url');

type Token = { account: string; device: string; signature: string };

function parse(cookie: string | undefined): Token[] {
  if (!cookie || cookie.length > 2000) return [];
  return cookie.split('~').flatMap((part) => {
    const [account, device, signature] = part.split('.');
    if (!account || !device || !signature) return [];
    return [{ account: Buffer.from(account, 'base64url').toString('utf8'), device, signature }];
  });
}

const format = (tokens: Token[]) =>
  tokens.map((token) => `${Buffer.from(token.account, 'utf8').toString('base64url')}.${token.device}.${token.signature}`).join('~');

/** The device id this cookie holds for the account, when its signature is good; otherwise null. */
export async function deviceFor(db: Db, cookie: string | undefined, account: DeviceAccount): Promise<string | null> {
  const token = parse(cookie).find((candidate) => candidate.account === account);
  if (!token) return null;
  const expected = Buffer.from(mac(await serverSecret(db), account, token.device));
  const given = Buffer.from(token.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token.device : null;
}

/** The cookie's new value after a sign-in to the account: a new device id for it, the other accounts' kept. */
export async function issueDevice(db: Db, cookie: string | undefined, account: DeviceAccount): Promise<string> {
  const device = randomBytes(16).toString('base64url');
  const others = parse(cookie)
    .filter((token) => token.account !== account)
    .slice(-(TOKENS_KEPT - 1));
  return format([...others, { account, device, signature: mac(await serverSecret(db), account, device) }]);
}
