import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, test as base } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

export { expect } from '@playwright/test';

/** Chromium's preference that makes it download PDFs instead of showing them, as Android's Chrome does. */
export const NO_PDF_VIEWER = { plugins: { always_open_pdf_externally: true } };

/**
 * Tests in a Chromium of their own at a phone's size (or, with `projectSize`, the project's: the
 * desktop's or the phone's), with a profile on disk (not the incognito context Playwright gives by
 * default: Chromium installs no app from one) holding `preferences` (no command-line switch turns
 * the PDF viewer off).
 */
export function testInOwnBrowser(preferences: object, { projectSize = false } = {}) {
  return base.extend({
    context: async ({ baseURL, viewport, isMobile, hasTouch }, use) => {
      const size = projectSize ? { viewport, isMobile, hasTouch } : { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
      fs.mkdirSync(path.join(profile, 'Default'));
      fs.writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
      const context = await chromium.launchPersistentContext(profile, {
        ...chromiumLaunchOptions,
        baseURL,
        ...size,
        acceptDownloads: true,
      });
      await use(context);
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
    page: async ({ context }, use) => {
      await use(context.pages()[0] ?? (await context.newPage()));
    },
  });
}
