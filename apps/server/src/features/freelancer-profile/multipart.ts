import { PHOTO_MAX_BYTES } from '@talentloop/contract';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

/**
 * Reads a profile multipart body: the `profileData` JSON text and the `profilePhoto` file (cut off
 * at 2 MB while it streams in). Other files (the original client sends portfolio files here) are
 * read and dropped. A body that is not well-formed multipart answers 400, never 500.
 */
export async function readProfileMultipart(request: FastifyRequest, what: string): Promise<{ profileData?: string; photo?: Buffer }> {
  if (!request.isMultipart()) throw new AppError('TL_CORE_00415_E', `Send the ${what} as multipart/form-data.`);
  const out: { profileData?: string; photo?: Buffer } = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: PHOTO_MAX_BYTES, files: 6, fields: 4, fieldSize: 64 * 1024, parts: 10 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'profileData') out.profileData = String(part.value);
      } else if (part.fieldname === 'profilePhoto' && !out.photo) {
        out.photo = await part.toBuffer();
      } else {
        await part.toBuffer();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TL_CORE_10103_E');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('TL_CORE_00413_E');
    throw new AppError('TL_CORE_00400_E', 'The multipart body is malformed.');
  }
  return out;
}
