import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { FILE_PATH, INLINE_PREVIEW_TYPES } from './uploads.ts';
import { uuidParam } from '../validation/ids.ts';

// Stored uploads served by id (issue 19: every endpoint's inputs in the contract, downloads too).
// The answer is the file itself, typed by what was stored; failures are the usual JSON envelope.

/** The bytes of a stored file (OpenAPI: a binary string). */
export const FileBytes = z.string().meta({ format: 'binary', description: 'The file’s bytes, typed by the stored file' });

/** Types a stored file is served as: pictures are stored as WebP, documents as their sniffed type. */
export const STORED_FILE_TYPES = [
  'image/webp',
  ...INLINE_PREVIEW_TYPES.filter((t) => t !== 'image/webp'),
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

export const getFile = defineEndpoint({
  tag: 'files',
  method: 'GET',
  path: FILE_PATH,
  params: z.object({ id: uuidParam('TL_CORE_00404_E', 'The file’s id (a UUID); anything else is 404') }),
  query: z.object({
    inline: z
      .string()
      .optional()
      .meta({ description: '`1`: show a PDF or picture (by its bytes) inline, sandboxed, instead of downloading it' }),
  }),
  summary:
    'A stored upload: profile photos and company logos for anyone, inline; documents for their owner or an operator only (anyone else 404), as an attachment or, with ?inline=1, shown',
  auth: false,
  access: 'public',
  response: FileBytes,
  download: { types: STORED_FILE_TYPES },
  // A document without a session: 401 (with another account's session, 404 as for an unknown id).
  errors: ['TL_CORE_00401_E'],
});

export const getPublicPortfolioImage = defineEndpoint({
  tag: 'public-profile',
  method: 'GET',
  path: '/public/talent/:slug/portfolio/:itemId',
  params: z.object({ slug: z.string(), itemId: uuidParam('TL_CORE_00404_E', 'The portfolio item’s id (a UUID); anything else is 404') }),
  summary:
    'A portfolio image of a profile the caller may see (as for the profile itself; a token is optional), stored re-encoded as WebP; documents are never served here (404)',
  auth: false,
  access: 'public',
  response: FileBytes,
  download: { types: ['image/webp'] },
});
