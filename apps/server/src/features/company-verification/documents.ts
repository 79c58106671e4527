import { VERIFICATION_DOCUMENT_MAX_BYTES } from '@talentloop/contract/validation/company-verification';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error.ts';
import { IMAGE_MAX_PIXELS } from '../../infra/images.ts';
import { DOCX_LIMITS, type ZipLimits, checkDocx, readCentralDirectory } from '../portfolio/zip.ts';

// Verification documents (manual method, issue 11): pdf, doc, docx, jpg/jpeg, png, decided from the
// bytes, never from the name or the declared type. Kept as sent (an operator reads the original),
// served only to the owner and operators, always as an attachment (files/routes.ts).

export const DOCUMENT_KIND = 'verification-document';

export const PDF_MIME = 'application/pdf';
export const DOC_MIME = 'application/msword';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A Word file's ZIP: the contract's office-file limits (OFFICE_ZIP_* in limits.ts), as for portfolio files. */
export const DOCUMENT_DOCX_LIMITS: ZipLimits = DOCX_LIMITS;

export type AcceptedDocument = { mime: string; data: Buffer };

/** A legacy Word file is an OLE2 compound file whose directory names a "WordDocument" stream. */
function isWordCompoundFile(buf: Buffer): boolean {
  return buf.includes(Buffer.from('WordDocument', 'utf16le'));
}

/**
 * Whether a ZIP is a real OOXML word-processing document: '[Content_Types].xml' and
 * 'word/document.xml' listed, no entry that is a program (an .exe, a script, a macro-enabled part),
 * and within the entry count and uncompressed size: declared, and then actually inflated as a
 * stream that stops at the first byte past the declared size (portfolio/zip.ts checkDocx).
 */
export async function isSafeWordDocument(buf: Buffer, limits: ZipLimits = DOCUMENT_DOCX_LIMITS): Promise<boolean> {
  const entries = readCentralDirectory(buf, limits.maxEntries);
  if (!entries) return false;
  const names = entries.map((e) => e.name);
  if (!names.includes('[Content_Types].xml')) return false;
  if (names.some((n) => /\.(exe|dll|com|bat|cmd|msi|scr|ps1|vbs|js|jar|sh|bin)$/i.test(n) || /vbaProject\.bin$/i.test(n))) return false;
  return (await checkDocx(buf, limits)).ok;
}

/** The document as stored, or TL_CORE_11020_E when its bytes are not an accepted, safe type. */
export async function acceptVerificationDocument(input: Buffer): Promise<AcceptedDocument> {
  let type: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    type = await fileTypeFromBuffer(input);
  } catch {
    type = undefined;
  }
  switch (type?.mime) {
    case PDF_MIME:
      return { mime: PDF_MIME, data: input };
    case 'image/jpeg':
    case 'image/png': {
      // A picture that does not parse, or an image bomb declaring a huge canvas, is refused from
      // its header (never decoded).
      let meta: Metadata;
      try {
        meta = await sharp(input, { limitInputPixels: false }).metadata();
      } catch {
        break;
      }
      if (!meta.width || !meta.height) break;
      if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new AppError('TL_CORE_10105_E');
      return { mime: type.mime, data: input };
    }
    case DOCX_MIME:
      if (await isSafeWordDocument(input)) return { mime: DOCX_MIME, data: input };
      break;
    case 'application/x-cfb':
      if (isWordCompoundFile(input)) return { mime: DOC_MIME, data: input };
      break;
  }
  throw new AppError('TL_CORE_11020_E');
}

export type DocumentSubmissionRequest = { fields: Record<string, string>; file: Buffer | null };

const FIELDS = new Set(['businessRegistrationNumber', 'documentType', 'country']);

/**
 * Reads the multipart submission: the three text fields and `documentFile`, cut off at
 * VERIFICATION_DOCUMENT_MAX_BYTES while it streams in (TL_CORE_11021_E). Another file part, or a
 * body that is not well-formed multipart, answers 400 (never 500).
 */
export async function readDocumentSubmission(request: FastifyRequest): Promise<DocumentSubmissionRequest> {
  if (!request.isMultipart()) throw new AppError('TL_CORE_00415_E', 'Send the documents as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: VERIFICATION_DOCUMENT_MAX_BYTES, files: 1, fields: 3, fieldSize: 1024, parts: 4 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (FIELDS.has(part.fieldname)) fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'documentFile') {
        file = await part.toBuffer();
      } else {
        await part.toBuffer();
        throw new AppError('TL_CORE_00400_E', `Unexpected file part '${part.fieldname.slice(0, 40)}'.`);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TL_CORE_11021_E');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('TL_CORE_00413_E');
    throw new AppError('TL_CORE_00400_E');
  }
  return { fields, file: file && file.length > 0 ? file : null };
}
