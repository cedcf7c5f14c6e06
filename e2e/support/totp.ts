import { timeStep, totpCode } from '../../apps/server/src/features/auth/totp.ts';

export { timeStep, totpCode };

/**
 * The authenticator app's code for a time step after `used` (the server takes each step's code
 * once): the step now, or the next, which the server also accepts. When both are taken it waits,
 * checking each second, until the clock reaches the next step.
 */
export async function codeAfter(secret: string, used: number): Promise<{ code: string; step: number }> {
  while (timeStep() + 1 <= used) await new Promise((resolve) => setTimeout(resolve, 1000));
  const step = Math.max(timeStep(), used + 1);
  return { code: totpCode(secret, step), step };
}
