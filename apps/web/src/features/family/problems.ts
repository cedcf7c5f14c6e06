import { guardianMessages } from '@school/contract/guardian-messages';
import { guardianPasswordProblem } from '@school/contract/guardians';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';

/** The password rule as the family's forms state it under the new-password field (decision 062). */
export const guardianPasswordRule = guardianMessages.passwordRule;

/** The guardians' password rule for her address, as the forms check it before sending (the server alone knows the common passwords). */
export const guardianPasswordCheck = (email: string) => (password: string) => guardianPasswordProblem(password, email);

/** What to tell her of a failed call: the server's own words, else `fallback` (the network's words come as an ApiError too). */
export const problemOf = (caught: unknown, fallback: string): string => (caught instanceof ApiError ? caught.firstMessage : fallback);

/**
 * The wait of a throttled form (a 429 with `retryAfter` seconds): the server's message says how
 * long, and the form's button stays off until then, so she is not counting the minutes herself.
 */
export function useThrottleWait() {
  const [until, setUntil] = useState<number | null>(null);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setUntil(null), Math.max(until - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [until]);
  return {
    waiting: until !== null,
    /** Starts the wait when `caught` is a 429 that names one. */
    note(caught: unknown) {
      const seconds = caught instanceof ApiError && caught.status === 429 ? Number(caught.body.retryAfter) : Number.NaN;
      if (Number.isFinite(seconds) && seconds > 0) setUntil(Date.now() + seconds * 1000);
    },
  };
}
