import { messages, documentMessages, photoLimits } from '@school/contract';
import type { Deps } from '../../lib/deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { filesRepository, type UploadedFile } from './repository.ts';

const loadSharp = async () => (await import('sharp')).default;

/**
 * A photo as the portal keeps it (decision 041): turned upright, with no EXIF, location or other
 * metadata, and at most `longSide` pixels on its long side (`photoLimits.storedLongSide` for a
 * student's photo). A photo of more than `photoLimits.maxPixels` is refused with 422 from its header
 * alone, before any of it is decoded.
 */
export async function keptPhoto(input: string | Buffer, kind: 'jpeg' | 'png', longSide: number = photoLimits.storedLongSide): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(input)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > photoLimits.maxPixels) throw invalidField('file', documentMessages.photoTooLarge(width, height));
  try {
    const side = longSide;
    const image = sharp(input, { failOn: 'error', limitInputPixels: photoLimits.maxPixels })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    return await (kind === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
  } catch {
    // A photo that starts like an image but cannot be decoded (cut short, damaged).
    throw invalidField('file', messages.photoUnreadable);
  }
}

/** The photo's row and bytes as stored, and what the registration form embeds. */
type StoredPhoto = { row: UploadedFile; bytes: Buffer };

/** Photos being made smaller, by stored key: two forms printed at once shrink one photo once. */
const shrinking = new Map<string, Promise<Buffer | null>>();

/** Another upload replaced the photo while it was being made smaller: the new one stands. */
class ReplacedMeanwhile extends Error {}

/**
 * The photo to print: as stored when it is no larger than the portal keeps photos; else, for one
 * stored before photos were made smaller at upload, made smaller now and stored so, once
 * (decision 041). Null when it cannot be read: the form prints without it rather than fail.
 */
export async function photoToPrint(deps: Deps, { row, bytes }: StoredPhoto): Promise<Buffer | null> {
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width === 0 || height === 0) return null;
  if (Math.max(width, height) <= photoLimits.storedLongSide) return bytes;
  let smaller = shrinking.get(row.stored_name);
  if (!smaller) {
    smaller = shrinkStoredPhoto(deps, { row, bytes }).finally(() => shrinking.delete(row.stored_name));
    shrinking.set(row.stored_name, smaller);
  }
  return smaller;
}

async function shrinkStoredPhoto(deps: Deps, { row, bytes }: StoredPhoto): Promise<Buffer | null> {
  const kind = row.mime_type === 'image/png' ? 'png' : 'jpeg';
  const sharp = await loadSharp();
  const side = photoLimits.storedLongSide;
  let small: Buffer;
  try {
    // Stored before the pixel cap, it may be larger than an upload may now be; sharp's own cap (268 megapixels) still holds.
    const image = sharp(bytes, { failOn: 'error' }).resize({ width: side, height: side, fit: 'inside' });
    small = await (kind === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
  } catch {
    return null;
  }
  try {
    await deps.files.put({ bytes: small }, { extension: kind === 'png' ? '.png' : '.jpg' }, async (trx, key, change) => {
      if (!(await filesRepository.replaceStoredName(trx, row.id, row.stored_name, { stored_name: key, size_bytes: small.length })))
        throw new ReplacedMeanwhile();
      await change.release(row.stored_name);
    });
  } catch (error) {
    // Printed from the smaller copy all the same; the next print tries again to keep it.
    if (!(error instanceof ReplacedMeanwhile)) console.warn(`A stored photo could not be replaced by its smaller copy: ${(error as Error).message}`);
  }
  return small;
}
