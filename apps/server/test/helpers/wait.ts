/**
 * How long a test waits for a condition unless it says otherwise: roomy, because the suite must
 * hold on a machine doing other work, and a condition that holds ends the wait at once.
 */
export const ROOMY_MS = 15_000;

/**
 * Checks `condition` every `everyMs` until it holds or `ms` have passed; whether it held. For the
 * waits a test asserts (`expect(await until(...)).toBe(true)`), never a fixed sleep.
 */
export async function until(condition: () => boolean | Promise<boolean>, ms = ROOMY_MS, everyMs = 20): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, everyMs))) if (await condition()) return true;
  return condition();
}

/** As `until`, but throws `what` (what was waited for) when the condition does not hold in time. */
export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, ms = ROOMY_MS): Promise<void> {
  if (!(await until(condition, ms))) throw new Error(`Waited ${ms} ms for ${what}, in vain.`);
}
