import { PHOTO_MAX_BYTES } from '@talentloop/contract';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

/**
 * Reads the logo upload: the `logo` file, cut off at 2 MB while it streams in; other parts are read
 * and dropped. A body that is not well-formed multipart answers 400, never 500.
 */
export async function readLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('TL_CORE_00415_E');
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 2, fieldSize: 1024, parts: 4 } })) {
      if (part.type === 'file' && part.fieldname === 'logo' && !logo) logo = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TL_CORE_10103_E');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('TL_CORE_00413_E');
    throw new AppError('TL_CORE_00400_E');
  }
  if (!logo || logo.length === 0) throw new AppError('TL_CORE_11001_E');
  return logo;
}
