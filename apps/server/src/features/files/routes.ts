import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from '../../infra/storage.ts';

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** Serves stored uploads by id: type from the stored record, nosniff, a name that is ours. */
export async function fileRoutes(app: FastifyInstance, deps: { storage: FileStorage }) {
  app.get<{ Params: { id: string } }>('/files/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new AppError('TL_CORE_00404_E');
    const file = await deps.storage.get(id);
    if (!file) throw new AppError('TL_CORE_00404_E');
    const ext = EXTENSIONS[file.mime] ?? 'bin';
    const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="file-${id.slice(0, 8)}.${ext}"`)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(file.data);
  });
}
