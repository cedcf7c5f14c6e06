// The sign-in route's first screen on a phone, as Lighthouse sees it, for `npm run bench`.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from './portal-process.ts';
import { launchOptions } from './web-weight.ts';

import type { RecordFigure } from './results.ts';

/**
 * Lighthouse's performance audit of `/` with its default mobile settings (a mid-range phone's
 * screen, four times slower processor and a slow 4G network, simulated from one unthrottled
 * load), in the system Chromium, which Lighthouse drives over a debugging port. Reports the
 * Largest Contentful Paint, the total transfer of the load (every response as sent, headers
 * included) and the performance score.
 */
export async function lighthouseFigures(url: string, record: RecordFigure): Promise<void> {
  const port = await freePort();
  const browser = await chromium.launch({ ...launchOptions, args: [...launchOptions.args, `--remote-debugging-port=${port}`] });
  try {
    const result = await lighthouse(`${url}/`, { port, hostname: '127.0.0.1', logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN;
    const transfer = lhr.audits['total-byte-weight'].numericValue ?? Number.NaN;
    const score = (lhr.categories.performance.score ?? 0) * 100;
    const items = (lhr.audits['total-byte-weight'].details as { items?: Array<{ url: string; totalBytes: number }> } | undefined)?.items ?? [];
    for (const item of items) console.log(`    ${(item.totalBytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(item.url).pathname}`);
    console.log(
      `    Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling, ${lhr.environment.hostUserAgent}`,
    );
    record('Lighthouse mobile: sign-in LCP', `${(lcp / 1000).toFixed(2)} s (performance score ${score.toFixed(0)})`, 'reported', null);
    record('Lighthouse mobile: sign-in total transfer', `${(transfer / 1024).toFixed(1)} KB`, '≤ 120 KB', transfer <= 120 * 1024);
  } finally {
    await browser.close();
  }
}
