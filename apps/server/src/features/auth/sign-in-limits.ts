import { messages } from '@school/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../core/config.ts';
import { WIDER_IPV6_PREFIXES, widerAddressKeys } from '../../lib/address-key.ts';
import { createAddressLimiter } from '../../lib/address-limiter.ts';
import type { Deps } from '../../lib/deps.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { answerWithSession, secureCookies } from '../../session/sessions.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceFor, type DeviceAccount } from './device-cookies.ts';
import { SignInBusy, type SignedInWithDevice } from './service.ts';
import { WIDER_BLOCK_TIMES } from './throttle.ts';

/**
 * Sign-ins per address and minute that did not succeed (failed, refused, or turned away by a full
 * queue), counted by each server process before anything else is done (decision 015): successes
 * give their count back, so a school's one address with a class signing in at once passes; a
 * stream of guesses is turned away before it reaches the database or the hashing queue. A browser
 * signing in to an account it signed in to before is not counted.
 */
export const signInRate = { max: 60, windowMs: 60_000 };

const tooManyFromAddress = (seconds: number) => new TooManyRequests(messages.networkThrottled(seconds), seconds);

/** A sign-in run under the per-address limits. */
export type UnderAddressLimit = <T>(request: FastifyRequest, account: DeviceAccount, signIn: () => Promise<T>) => Promise<T>;

/** One set of counts per app: every sign-in route (students', staff's, guardians') counts in the same. */
const limitsOfApp = new WeakMap<Deps, UnderAddressLimit>();

/**
 * The per-address limits of the app's sign-ins: the caller's address and, for IPv6, its wider
 * blocks (twice and four times the rate, decision 058). A sign-in from a browser that signed in to
 * the account before is not held back by them.
 */
export function signInAddressLimits(deps: Deps): UnderAddressLimit {
  const known = limitsOfApp.get(deps);
  if (known) return known;
  const addressLimiter = createAddressLimiter(signInRate);
  const blockLimiters = new Map<number, ReturnType<typeof createAddressLimiter>>(
    WIDER_IPV6_PREFIXES.map((bits) => [bits, createAddressLimiter({ ...signInRate, max: signInRate.max * WIDER_BLOCK_TIMES[bits]! })]),
  );
  const underAddressLimit: UnderAddressLimit = async (request, account, signIn) => {
    if ((await deviceFor(deps.db, request.cookies[DEVICE_COOKIE], account)) !== null) return signIn();
    const limited = [
      { limiter: addressLimiter, key: request.address },
      ...widerAddressKeys(request.ip, deps.config.ipv6PrefixBits).map(({ bits, key }) => ({ limiter: blockLimiters.get(bits)!, key })),
    ];
    const taken: Array<{ giveBack: () => void }> = [];
    for (const { limiter, key } of limited) {
      const one = limiter.take(key);
      if ('retryAfter' in one) {
        // Refused by one count: the others give back what they took.
        for (const other of taken) other.giveBack();
        throw tooManyFromAddress(one.retryAfter);
      }
      taken.push(one);
    }
    const giveBack = () => taken.forEach((one) => one.giveBack());
    try {
      const signedIn = await signIn();
      giveBack();
      return signedIn;
    } catch (error) {
      // Turned away before its password was checked: the browser will send it again, uncounted.
      if (error instanceof SignInBusy) giveBack();
      throw error;
    }
  };
  limitsOfApp.set(deps, underAddressLimit);
  return underAddressLimit;
}

/** Sets the session's cookies and the browser's device cookie, and answers the sign-in's body. */
export function answerSignIn<T>(reply: FastifyReply, settings: Config, signedIn: SignedInWithDevice<T>): T {
  reply.setCookie(DEVICE_COOKIE, signedIn.deviceCookie, {
    path: '/',
    sameSite: 'lax',
    secure: secureCookies(settings),
    httpOnly: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return answerWithSession(reply, settings, signedIn);
}
