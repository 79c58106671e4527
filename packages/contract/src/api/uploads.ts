import { PHOTO_MAX_BYTES } from '../limits.ts';
import type { FileKind, MultipartFile } from './define.ts';

// Shared pieces of the multipart declarations (issue 19): the photo a freelancer or a company
// uploads, and the limits of a profile body. Each endpoint declares its own body in its module.

/** Pictures a photo or a logo may be (decided from the bytes); stored re-encoded as WebP. */
export const PHOTO_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp', 'gif', 'avif'];

/** A profile photo or a company logo: one picture of at most 2 MB; not a picture answers 10102, larger 10103. */
export function photoFile(description: string, extra: Partial<MultipartFile> = {}): MultipartFile {
  return {
    kinds: PHOTO_KINDS,
    maxBytes: PHOTO_MAX_BYTES,
    maxCount: 1,
    required: false,
    tooLarge: 'TL_CORE_10103_E',
    wrongKind: 'TL_CORE_10102_E',
    description,
    ...extra,
  };
}

/** Where stored files are served (getFile in files.ts): apart, so the web knows our file addresses without the schemas. */
export const FILE_PATH = '/files/:id';

/**
 * Types a stored file may be shown as (`GET /files/:id?inline=1`: the console's previews, a file
 * opened from a profile), when its bytes sniff as that type. A browser renders none of them as HTML
 * or script; every other type is always an attachment.
 */
export const INLINE_PREVIEW_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type InlinePreviewType = (typeof INLINE_PREVIEW_TYPES)[number];
export const isInlinePreviewType = (mime: string | null | undefined): mime is InlinePreviewType =>
  !!mime && (INLINE_PREVIEW_TYPES as readonly string[]).includes(mime);

/** A freelancer profile body (the wizard's basics, the editor's photo): the original client also sends portfolio files here, which are read and dropped. */
export const PROFILE_BODY_LIMITS = { parts: 10, fields: 4, files: 6, fieldBytes: 64 * 1024 } as const;
