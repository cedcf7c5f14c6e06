import { expect, type Locator } from '@playwright/test';
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

/**
 * The authenticator key a setup screen shows, checked as she sees it: in groups of four, none split
 * across lines (no letter left alone on one), and copied as the bare key, without spaces.
 */
export async function readAuthenticatorKey(key: Locator): Promise<string> {
  const shown = await key.evaluate((element) => {
    const groups = [...element.querySelectorAll('span')];
    const selection = window.getSelection()!;
    const range = document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
    const copied = selection.toString();
    selection.removeAllRanges();
    return { groups: groups.map((group) => ({ text: group.textContent ?? '', lines: group.getClientRects().length })), copied };
  });
  const secret = shown.groups.map((group) => group.text).join('');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(shown.groups.every((group) => group.text.length === 4 && group.lines === 1)).toBe(true);
  expect(shown.copied).toBe(secret);
  return secret;
}
