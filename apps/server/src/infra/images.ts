import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/app-error.ts';
import { isImageKind, sniffKind } from './file-kind.ts';

// The one image re-encoder (issue 19): photos, logos and portfolio pictures are decoded and
// written again as WebP (metadata such as EXIF and GPS dropped, size bounded); verification
// documents are kept as sent but their pictures pass the same header check.

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

/** How an image is re-encoded: a profile photo or logo (a 512 px square), a portfolio picture (at most 1600 px). */
export type ImagePreset = { edge: number; fit: 'cover' | 'inside'; quality: number };
export const PHOTO_PRESET: ImagePreset = { edge: 512, fit: 'cover', quality: 82 };
export const PORTFOLIO_PRESET: ImagePreset = { edge: 1600, fit: 'inside', quality: 85 };

/**
 * The image's size from its header (no pixel decoded), or null when it does not parse; throws
 * TL_CORE_10105_E (413) when it declares more than IMAGE_MAX_PIXELS (an image bomb).
 */
export async function imageHeader(input: Buffer): Promise<{ width: number; height: number } | null> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    return null;
  }
  if (!meta.width || !meta.height) return null;
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new AppError('TL_CORE_10105_E');
  return { width: meta.width, height: meta.height };
}

/**
 * An image re-encoded as WebP by `preset` (rotated upright, metadata dropped), decoded in one of
 * the process's image slots. Null when the bytes do not decode; TL_CORE_10105_E for an image bomb,
 * refused from its header before it waits for a slot.
 */
export async function reencodeImage(input: Buffer, preset: ImagePreset): Promise<{ data: Buffer; mime: string } | null> {
  if (!(await imageHeader(input))) return null;
  return imageSlots.run(async () => {
    try {
      const data = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
        .rotate()
        .resize(preset.edge, preset.edge, {
          fit: preset.fit,
          withoutEnlargement: true,
          ...(preset.fit === 'cover' ? { position: 'attention' } : {}),
        })
        .webp({ quality: preset.quality })
        .toBuffer();
      return { data, mime: 'image/webp' };
    } catch {
      return null;
    }
  });
}

/**
 * A profile photo or logo as stored: the type is read from the bytes (not the name), then the image
 * is re-encoded as WebP at most 512 px square. Returns null when the bytes are not an image we
 * accept; throws TL_CORE_10105_E (413) when the image declares more than IMAGE_MAX_PIXELS.
 */
export async function processPhoto(input: Buffer): Promise<{ data: Buffer; mime: string } | null> {
  const kind = await sniffKind(input);
  if (!kind || !isImageKind(kind)) return null;
  return reencodeImage(input, PHOTO_PRESET);
}
