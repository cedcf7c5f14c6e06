import fs from 'node:fs';
import { crestFile } from '../../core/paths.ts';

/** The name documents give the crest in their header; the printer supplies the picture. */
export const CREST_IMAGE = 'school-crest';

/** Pixels across of the crest's picture: 200 for a crest printed 30 points wide is about 480 dots per inch. */
const CREST_PIXELS = 200;

/** A transparent pixel, printed when the crest file cannot be drawn, so that a school's odd crest never stops a report. */
const EMPTY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Whether the school has a crest file (the header leaves its place empty when not). */
export const hasCrest = (): boolean => fs.existsSync(crestFile);

let picture: Promise<string> | undefined;
/**
 * The crest as a PNG data URL, drawn from its SVG once per process. A header drawn from the SVG
 * itself was parsed again on every page: a 150-page report spent most of its time on it. At
 * 480 dpi the picture prints as sharp as the vector did.
 */
export function crestPicture(): Promise<string> {
  picture ??= (async () => {
    try {
      const { default: sharp } = await import('sharp');
      const svg = await fs.promises.readFile(crestFile);
      const { width = 100 } = await sharp(svg).metadata();
      const png = await sharp(svg, { density: (72 * CREST_PIXELS) / width })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    } catch (error) {
      console.warn(`The school crest (${crestFile}) cannot be drawn, so documents print without it: ${(error as Error).message}`);
      return `data:image/png;base64,${EMPTY_PNG.toString('base64')}`;
    }
  })();
  return picture;
}
