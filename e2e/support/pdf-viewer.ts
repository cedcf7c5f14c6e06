import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
  await expect(dialog.locator('canvas[data-drawn^="1@"]')).toBeVisible({ timeout: 20_000 });
  const canvas = dialog.locator('canvas');
  expect(await inkedPixels(canvas)).toBeGreaterThan(2_000);
  return canvas;
}

/** Download gives the very PDF: a file of that name whose bytes are a PDF's; answers the bytes. */
export async function expectDownload(page: Page, dialog: Locator, fileName: RegExp): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(fileName);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1_000);
  return bytes;
}

/**
 * A PDF's first page as its own text says: its width in points, and the size of its body text, the
 * font size (in points) that most of its letters are written in.
 */
export async function bodyTextOf(bytes: Buffer): Promise<{ pageWidth: number; bodySize: number }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true, isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const letters = new Map<number, number>();
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const size = Math.round(Math.hypot(item.transform[2], item.transform[3]) * 10) / 10;
      letters.set(size, (letters.get(size) ?? 0) + item.str.length);
    }
    const [bodySize] = [...letters].sort((a, b) => b[1] - a[1])[0];
    return { pageWidth: page.getViewport({ scale: 1 }).width, bodySize };
  } finally {
    await pdf.destroy();
  }
}

/** How tall, in CSS pixels, the body text of the page the canvas shows is drawn now. */
export async function bodyTextPixels(canvas: Locator, text: { pageWidth: number; bodySize: number }): Promise<number> {
  const width = (await canvas.boundingBox())!.width;
  return (text.bodySize * width) / text.pageWidth;
}
