import { type DeliverableRead, downloadMilestoneFile, uploadMilestoneFile } from '@talentloop/contract/api/engagements';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { type UploadedFile, readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { KIND_MIME } from '../../infra/file-kind.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { findMilestone } from './queries.ts';
import { companySide, freelancerSide } from './service.ts';

// A milestone's deliverables (issue 34, decision 243): the freelancer uploads each file through the
// upload pipeline (kind decided from the bytes, staged, then its metadata saved) while the milestone
// can be submitted, and names the returned ids in the submission; the engagement's company
// downloads a file its submission names (any other id, or another company's milestone, is 404).

/** The kind of a stored deliverable (owner-only at /files/:id: the company reads it here). */
export const DELIVERABLE_FILE_KIND = 'milestone-deliverable';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
const ATTACHMENT_CSP = "default-src 'none'; sandbox";

export function createDeliverableService({ db, clock, storage }: { db: Db; clock: Clock; storage: FileStorage }) {
  /** Stores one upload for the freelancer's milestone that can be submitted now (funded, or changes asked). */
  async function upload(userId: string, milestoneId: string, file: UploadedFile): Promise<DeliverableRead> {
    const mime = KIND_MIME[file.kind];
    // The bytes are written before the transaction; unsaved ones are cleaned up later (infra/storage.ts).
    const blob = await storage.stage(file.data);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const found = await findMilestone(tx, freelancerSide(userId), milestoneId);
      if (!found) throw new AppError('TL_CORE_18120_E');
      const { milestone: m, engagement: e } = found;
      if (e.status !== 'active' || (m.status !== 'funded' && m.status !== 'changes_requested')) throw new AppError('TL_CORE_18121_E');
      const id = await storage.put(tx, { ownerId: userId, kind: DELIVERABLE_FILE_KIND, mime, blob, now });
      return { id, mime, size: blob.size };
    });
  }

  /** A file the company's milestone submission names: its bytes and type, or 404. */
  async function download(userId: string, milestoneId: string, fileId: string) {
    const side = await companySide(db, userId, 'TL_CORE_18120_E');
    const found = await findMilestone(db, side, milestoneId);
    const id = fileId.toLowerCase();
    if (!found || found.milestone.submittedAt === null || !found.milestone.fileIds.includes(id)) throw new AppError('TL_CORE_18120_E');
    const file = await storage.get(id);
    if (!file || file.ownerId !== found.engagement.freelancerId) throw new AppError('TL_CORE_18120_E');
    const position = found.milestone.fileIds.indexOf(id) + 1;
    return { file, name: `milestone-${found.milestone.position + 1}-file-${position}.${EXTENSIONS[file.mime] ?? 'bin'}` };
  }

  return { upload, download };
}

export function deliverableRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; storage: FileStorage }) {
  const service = createDeliverableService(deps);

  route(app, uploadMilestoneFile, {}, async (request) => {
    const { files } = await readUpload(request, uploadMilestoneFile);
    const file = await service.upload(currentUser(request).id, request.params.milestoneId, files.file[0] as UploadedFile);
    return { status: 'success' as const, file };
  });

  route(app, downloadMilestoneFile, {}, async (request, reply) => {
    const { file, name } = await service.download(currentUser(request).id, request.params.milestoneId, request.params.fileId);
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', ATTACHMENT_CSP)
      .send(file.data);
  });
}
