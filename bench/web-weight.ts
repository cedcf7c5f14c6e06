import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

export type WebWeight = {
  raw: number;
  gzip: number;
  transferred: number;
  files: number;
  interactiveMs: number;
  byFile: Array<{ url: string; raw: number; gzip: number }>;
};

/** Chromium as the end-to-end tests start it. */
export const launchOptions = chromiumLaunchOptions;

/**
 * What a phone fetches before the sign-in page is interactive: the page is opened in Chromium at
 * a phone's size, and every response to a request made before the Student ID field takes typing
 * (HTML, scripts, styles, fonts, images, the session and settings calls) is counted, raw, as
 * gzip -9 would send it, and as actually sent by the server to a browser that accepts br and gzip.
 */
export async function measureWebWeight(baseUrl: string): Promise<WebWeight> {
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true });
    const requests: Array<{ url: string; done: Promise<{ raw: number; gzip: number; transferred: number }> }> = [];
    let interactiveAt = Number.POSITIVE_INFINITY;
    page.on('request', (request) => {
      if (performance.now() > interactiveAt) return;
      requests.push({
        url: request.url(),
        done: (async () => {
          const response = await request.response();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          const sizes = await request.sizes().catch(() => ({ responseBodySize: body.length, responseHeadersSize: 0 }));
          return { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize };
        })(),
      });
    });
    const started = performance.now();
    await page.goto(`${baseUrl}/`);
    const studentId = page.getByRole('textbox', { name: 'Student ID' });
    await studentId.fill('2026');
    interactiveAt = performance.now();
    const sizes = await Promise.all(requests.map(async ({ url, done }) => ({ url: new URL(url).pathname, ...(await done) })));
    return {
      raw: sizes.reduce((sum, file) => sum + file.raw, 0),
      gzip: sizes.reduce((sum, file) => sum + file.gzip, 0),
      transferred: sizes.reduce((sum, file) => sum + file.transferred, 0),
      files: sizes.length,
      interactiveMs: interactiveAt - started,
      byFile: sizes.map(({ url, raw, gzip }) => ({ url, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
    };
  } finally {
    await browser.close();
  }
}
