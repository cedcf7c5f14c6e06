import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** How many of the canvas's pixels are not white: a drawn page has thousands, a blank one none. */
export async function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let inked = 0;
    for (let index = 0; index < data.length; index += 4) if (data[index + 3] > 0 && data[index] + data[index + 1] + data[index + 2] < 600) inked += 1;
    return inked;
  });
}

/** The viewer in an open PDF dialog: waits for the first page to be drawn and checks it has ink. */
export async function expectFirstPageDrawn(dialog: Locator): Promise<Locator> {
  await expect(dialog.locator('canvas[data-drawn="1@1"]')).toBeVisible({ timeout: 20_000 });
  const canvas = dialog.locator('canvas');
  expect(await inkedPixels(canvas)).toBeGreaterThan(2_000);
  return canvas;
}

/** Download gives the very PDF: a file of that name whose bytes are a PDF's. */
export async function expectDownload(page: Page, dialog: Locator, fileName: RegExp): Promise<void> {
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(fileName);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1_000);
}
