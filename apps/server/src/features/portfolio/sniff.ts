import type { PortfolioContentType } from '@talentloop/contract/api/portfolio';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error.ts';
import { IMAGE_MAX_PIXELS, imageSlots } from '../../infra/images.ts';
import { checkDocx } from './zip.ts';

// Portfolio files: pdf, jpg, jpeg, png, doc, docx (spec: profile-company §5 Portfolio), decided from
// the bytes, never from the name or the declared type. Images are re-encoded (metadata dropped);
// documents are kept as sent but only served as attachments to their owner.

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const DOC_MIME = 'application/msword';
export const PDF_MIME = 'application/pdf';
const IMAGE_EDGE = 1600;

export type PortfolioFile = { contentType: Exclude<PortfolioContentType, 'LINK'>; mime: string; data: Buffer };

/** A legacy Word file is an OLE2 compound file whose directory names a "WordDocument" stream. */
function isWordCompoundFile(buf: Buffer): boolean {
  return buf.includes(Buffer.from('WordDocument', 'utf16le'));
}

async function reencodeImage(input: Buffer): Promise<Buffer | null> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    return null;
  }
  if (!meta.width || !meta.height) return null;
  // An image bomb (a small file declaring a huge canvas) is refused from its header, never decoded.
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new AppError('TL_CORE_10105_E');
  return imageSlots.run(async () => {
    try {
      return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
        .rotate()
        .resize(IMAGE_EDGE, IMAGE_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      return null;
    }
  });
}

/** The file as stored, or TL_CORE_10093_E when its bytes are not an accepted, safe type. */
export async function acceptPortfolioFile(input: Buffer): Promise<PortfolioFile> {
  let type: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    type = await fileTypeFromBuffer(input);
  } catch {
    type = undefined;
  }
  switch (type?.mime) {
    case 'image/jpeg':
    case 'image/png': {
      const data = await reencodeImage(input);
      if (data) return { contentType: 'IMAGE', mime: 'image/webp', data };
      break;
    }
    case PDF_MIME:
      return { contentType: 'DOCUMENT', mime: PDF_MIME, data: input };
    case DOCX_MIME:
      // A zip bomb dressed as .docx is refused from its central directory, or, when the directory
      // lies, at the first inflated byte past what it declared (zip.ts checkDocx).
      if ((await checkDocx(input)).ok) return { contentType: 'DOCUMENT', mime: DOCX_MIME, data: input };
      break;
    case 'application/x-cfb':
      if (isWordCompoundFile(input)) return { contentType: 'DOCUMENT', mime: DOC_MIME, data: input };
      break;
  }
  throw new AppError('TL_CORE_10093_E');
}
