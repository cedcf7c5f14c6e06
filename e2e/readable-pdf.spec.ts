import type { Locator, Page } from '@playwright/test';
import { claimStudent, expectAccessible, expectNoSidewaysScroll, signInStudentViaApi } from './support/fixtures.ts';
import { expect, NO_PDF_VIEWER, testInOwnBrowser } from './support/own-browser.ts';
import { bodyTextOf, bodyTextPixels, expectDownload, expectFirstPageDrawn } from './support/pdf-viewer.ts';
import { shot } from './support/screenshots.ts';

// A Chromium of its own with its PDF viewer off (as Android's Chrome has none), at each project's size.
const test = testInOwnBrowser(NO_PDF_VIEWER, { projectSize: true });

/** The smallest body text a student reads without strain, in CSS pixels. */
const READABLE = 9;

/** Where the middle of the viewer is on the page, as parts of the page's width and height. */
function middleOnPage(area: Locator): Promise<{ x: number; y: number }> {
  return area.evaluate((element) => {
    const view = element.getBoundingClientRect();
    const box = element.querySelector('canvas')!.getBoundingClientRect();
    return { x: (view.left + element.clientWidth / 2 - box.left) / box.width, y: (view.top + element.clientHeight / 2 - box.top) / box.height };
  });
}

/** Two fingers on the page, `from` pixels apart about its middle, move apart to `to` pixels and lift. */
async function pinch(page: Page, area: Locator, from: number, to: number) {
  const box = (await area.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const cdp = await page.context().newCDPSession(page);
  const fingers = (apart: number) => [
    { x: x - apart / 2, y, id: 0 },
    { x: x + apart / 2, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * step) / 8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a report card opens readable: Fit width on a phone, where one tap shows its text at true size; pinch and buttons zoom, keeping her place', async ({
  page,
  isMobile,
}) => {
  const student = claimStudent('any', 5);
  await signInStudentViaApi(page, student);
  await page.goto('/term-reports');
  await page.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }).click();
  const dialog = page.getByRole('dialog', { name: 'End of Term Report – Term 3, Trinity, 2025-2026' });
  const canvas = await expectFirstPageDrawn(dialog);
  const area = dialog.getByRole('region', { name: /page 1 of 1/ });
  const zoom = dialog.getByTestId('pdf-zoom');
  const text = await bodyTextOf(await expectDownload(page, dialog, new RegExp(`^report-card-${student.id}-2025-term-3\\.pdf$`)));
  // Download is the first thing offered, not a quiet word beside Close.
  await expect(dialog.getByRole('link', { name: 'Download' })).toHaveClass(/MuiButton-contained/);

  if (isMobile) {
    // The page as wide as the screen, and the label says so rather than '100%'.
    await expect(zoom).toHaveText('Fit width');
    const fitWidth = (await canvas.boundingBox())!.width;
    expect(fitWidth).toBeGreaterThan(300);
    expect(fitWidth).toBeLessThanOrEqual(360);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'readable-pdf-fit-width');

    // Halfway down the page, one tap of Zoom in: the text at its true size, and the same place in view.
    await area.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 - element.clientHeight / 2 }));
    const before = await middleOnPage(area);
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(canvas).toHaveAttribute('data-drawn', '1@1');
    await expect(zoom).toHaveText('100%');
    expect(await bodyTextPixels(canvas, text)).toBeGreaterThanOrEqual(READABLE);
    // 100 % is the page's true size: 1/72 inch a point, 96/72 CSS pixels.
    expect((await canvas.boundingBox())!.width).toBeCloseTo((text.pageWidth * 96) / 72, -1);
    const after = await middleOnPage(area);
    expect(Math.abs(after.x - before.x)).toBeLessThan(0.05);
    expect(Math.abs(after.y - before.y)).toBeLessThan(0.05);
    // Wider than the screen, the page scrolls sideways within its viewer; the screen does not.
    expect(await area.evaluate((element) => element.scrollWidth > element.clientWidth && element.scrollLeft > 0)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'readable-pdf-true-size');

    // Two fingers moving twice as far apart, about the top of the page's text, make it twice as large; the label tells the new size.
    await area.evaluate((element) => element.scrollTo({ top: 0, left: 0 }));
    await pinch(page, area, 80, 160);
    await expect(canvas).toHaveAttribute('data-drawn', '1@2');
    await expect(zoom).toHaveText('200%');
    expect((await canvas.boundingBox())!.width).toBeCloseTo((text.pageWidth * 2 * 96) / 72, -1);
    await expectNoSidewaysScroll(page);
    await shot(page, 'readable-pdf-pinched');

    // And back: pinching in to about the page's width settles on Fit width.
    await pinch(page, area, 200, Math.round((200 * fitWidth) / (await canvas.boundingBox())!.width));
    await expect(zoom).toHaveText('Fit width');
    await expect(canvas).toHaveAttribute('data-drawn', '1@fit');
  } else {
    // A desktop has room for the true size: it opens there, readable, and says so.
    await expect(zoom).toHaveText('100%');
    expect(await bodyTextPixels(canvas, text)).toBeGreaterThanOrEqual(READABLE);
    expect((await canvas.boundingBox())!.width).toBeCloseTo((text.pageWidth * 96) / 72, -1);
    await expectAccessible(page);
    await shot(page, 'readable-pdf-true-size');
    // Fit width is one of the levels: the page as wide as the viewer.
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).toHaveText('Fit width');
    await expect(canvas).toHaveAttribute('data-drawn', '1@fit');
    const inside = await area.evaluate((element) => element.clientWidth - 16);
    expect((await canvas.boundingBox())!.width).toBeCloseTo(inside, -1);
    await shot(page, 'readable-pdf-fit-width');
  }
});

test('her registration form, on legal paper, opens at Fit width on a phone, where one tap of Zoom in makes its text readable', async ({ page, isMobile }) => {
  const student = claimStudent('any', 5);
  await signInStudentViaApi(page, student);
  await page.goto('/registration/student-data');
  await page.getByRole('button', { name: 'View / Print registration form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registration Form' });
  const canvas = await expectFirstPageDrawn(dialog);
  const zoom = dialog.getByTestId('pdf-zoom');
  const text = await bodyTextOf(await expectDownload(page, dialog, new RegExp(`^registration-form-${student.id}\\.pdf$`)));
  if (isMobile) {
    await expect(zoom).toHaveText('Fit width');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(canvas).toHaveAttribute('data-drawn', '1@1');
    await expect(zoom).toHaveText('100%');
  } else {
    await expect(zoom).toHaveText('100%');
  }
  expect(await bodyTextPixels(canvas, text)).toBeGreaterThanOrEqual(READABLE);
  await expectNoSidewaysScroll(page);
  await shot(page, 'readable-pdf-registration-form');
  await expectAccessible(page);
});
