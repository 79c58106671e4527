import type { FastifyInstance } from 'fastify';
import { KIND_MIME, sniffKind } from '../../infra/file-kind.ts';
import { AppError } from '../../http/app-error.ts';
import { runGuard } from '../../http/guards.ts';
import { callerId, callerRoles, route } from '../../http/route.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { getFile } from '@talentloop/contract/api/files';
import { isInlinePreviewType } from '@talentloop/contract/api/uploads';

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/**
 * Kinds of stored file anyone may read: pictures shown beside a name (profile photos, company
 * logos). Every other kind (portfolio files, verification documents, kinds added later) is a
 * document: only its owner and operators read it. Denied by default, like the endpoints.
 */
export const PUBLIC_FILE_KINDS: ReadonlySet<string> = new Set(['profile-photo', 'company-logo']);

/**
 * A previewed document: sandboxed (no script, no same-origin), nothing loaded from anywhere, framed
 * by our own pages only (the console), never by another site.
 */
export const INLINE_PREVIEW_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Whether the bytes are, by their own signature, the stored previewable type. */
async function previewable(mime: string, data: Buffer): Promise<boolean> {
  if (!isInlinePreviewType(mime)) return false;
  const kind = await sniffKind(data, ['pdf', 'png', 'jpeg', 'webp']);
  return kind !== null && KIND_MIME[kind] === mime;
}

/**
 * Serves stored uploads by id: type from the stored record, nosniff, a name that is ours. Avatars
 * are public and shown inline; documents need the owner's or an operator's session (someone else's
 * answers 404, as an unknown id does) and are downloaded (attachment), except `?inline=1` of a PDF
 * or picture whose bytes sniff as its type: inline, sandboxed, framed by our own pages only.
 */
export async function fileRoutes(app: FastifyInstance, deps: { storage: FileStorage }) {
  route(app, getFile, {}, async (request, reply) => {
    const { id } = request.params;
    const file = await deps.storage.get(id);
    if (!file) throw new AppError('TL_CORE_00404_E');
    const isPublic = PUBLIC_FILE_KINDS.has(file.kind);
    if (!isPublic) {
      await runGuard(app, request, reply);
      const owner = file.ownerId !== null && callerId(request) === file.ownerId;
      if (!owner && !callerRoles(request)?.includes('operator')) throw new AppError('TL_CORE_00404_E');
    }
    const ext = EXTENSIONS[file.mime] ?? 'bin';
    // A document previewed by someone allowed to read it (the owner, an operator), issue 21.
    const preview = !isPublic && request.query.inline === '1' && (await previewable(file.mime, file.data));
    const inline = (isPublic && file.mime.startsWith('image/')) || preview;
    if (preview) reply.header('X-Frame-Options', 'SAMEORIGIN');
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="file-${id.slice(0, 8)}.${ext}"`)
      .header('Cache-Control', isPublic ? 'private, max-age=31536000, immutable' : 'private, no-store')
      .header('Content-Security-Policy', preview ? INLINE_PREVIEW_CSP : ATTACHMENT_CSP)
      .send(file.data);
  });
}
