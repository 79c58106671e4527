import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/app-error.ts';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const PHOTO_EDGE = 512;

/**
 * Most pixels an upload may declare (25 megapixels, about 100 MB decoded; sharp's default is 268
 * megapixels). Checked from the header before anything is decoded, so a small file declaring a
 * huge canvas (an image bomb) is refused at once; the decoder is given the same cap as a backstop.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
/** Images decoded at the same time in this process; the rest wait their turn. */
export const IMAGE_CONCURRENCY = 2;

// One libvips worker thread per image: with IMAGE_CONCURRENCY images at once, image work never
// takes more than that many threads from the requests (logins hash passwords on the same cores).
sharp.concurrency(1);
sharp.cache(false);

/** A counting semaphore that also records how many ran at once (`peak`), for tests and metrics. */
export function createSemaphore(limit: number) {
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    get peak() {
      return peak;
    },
    get waiting() {
      return waiting.length;
    },
    resetPeak() {
      peak = active;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        // The slot passes straight to the next waiter (active stays the same), else it is freed.
        if (next) next();
        else active--;
      }
    },
  };
}

/** The process-wide slots for image decoding. */
export const imageSlots = createSemaphore(IMAGE_CONCURRENCY);

/**
 * A profile photo as stored: the type is read from the bytes (not the name), then the image is
 * re-encoded as WebP at most 512 px square, which drops metadata (EXIF, GPS) and bounds the size.
 * Returns null when the bytes are not an image we accept; throws TL_CORE_10105_E (413) when the
 * image declares more than IMAGE_MAX_PIXELS.
 */
export async function processPhoto(input: Buffer): Promise<{ data: Buffer; mime: string } | null> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !IMAGE_TYPES.has(type.mime)) return null;
  let meta: Metadata;
  try {
    // Reads the header only: no pixel is decoded, so a bomb is refused without waiting for a slot.
    meta = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    return null;
  }
  if (!meta.width || !meta.height) return null;
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new AppError('TL_CORE_10105_E');
  return imageSlots.run(async () => {
    try {
      const data = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
        .rotate()
        .resize(PHOTO_EDGE, PHOTO_EDGE, { fit: 'cover', position: 'attention', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      return { data, mime: 'image/webp' };
    } catch {
      return null;
    }
  });
}
