import { test as base } from '@playwright/test';
import { startPortal } from './portal-process.ts';

/**
 * Tests on a portal of their own, one per worker, never the one the other journeys share: for a
 * journey that changes the whole school (a rollover moves every class).
 */
export const testOnOwnPortal = base.extend<object, { ownPortal: string }>({
  ownPortal: [
    // Playwright reads a fixture's first argument as the fixtures it needs; this one needs none of them.
    async ({ browserName: _browser }, use) => {
      const portal = await startPortal();
      await use(portal.baseUrl);
      await portal.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownPortal }, use) => use(ownPortal),
});
