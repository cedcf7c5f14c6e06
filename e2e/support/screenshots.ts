import path from 'node:path';
import { test, type Page } from '@playwright/test';

/**
 * A journey's screens saved to be looked at: with SCREENSHOT_DIR set, each `shot` is written there
 * as `<project>-<name>.png` (desktop or phone); without it, nothing is written. `fullPage` takes
 * the whole page rather than the window.
 */
export function screenshots({ fullPage = false } = {}) {
  return async (page: Page, name: string): Promise<void> => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: path.join(dir, `${test.info().project.name}-${name}.png`), fullPage });
  };
}

/** The window of a journey's screen, saved as `screenshots` says. */
export const shot = screenshots();
