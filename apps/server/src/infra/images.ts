import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const PHOTO_EDGE = 512;

/**
 * A profile photo as stored: the type is read from the bytes (not the name), then the image is
 * re-encoded as WebP at most 512 px square, which drops metadata (EXIF, GPS) and bounds the size.
 * Returns null when the bytes are not an image we accept.
 */
export async function processPhoto(input: Buffer): Promise<{ data: Buffer; mime: string } | null> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !IMAGE_TYPES.has(type.mime)) return null;
  try {
    const data = await sharp(input, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(PHOTO_EDGE, PHOTO_EDGE, { fit: 'cover', position: 'attention', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, mime: 'image/webp' };
  } catch {
    return null;
  }
}
