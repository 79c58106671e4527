import {
  VERIFICATION_API_MESSAGES as MSG,
  getCompanyVerification,
  submitCompanyDocuments,
  verifyCompanyInstantly,
} from '@talentloop/contract/api/company-verification';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { type UploadedFile, readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import type { FileStorage } from '../../infra/storage.ts';
import type { InstantVerifier } from './checks.ts';
import { acceptVerificationDocument } from './documents.ts';
import { createVerificationService } from './service.ts';

// Company account verification (issue 11): the state, the Instant method and the Manual method
// (documents). ['client'] only (the contract); the caller's own company only: no company id is read
// from a request. The operators' review is in features/operator.

export type VerificationDeps = {
  db: Db;
  clock: Clock;
  verifier?: InstantVerifier;
  storage?: FileStorage;
  config?: Pick<Config, 'opsEmail' | 'publicUrl'>;
  outbox?: Pick<OutboxWorker, 'kick'>;
};

export async function companyVerificationRoutes(app: FastifyInstance, deps: VerificationDeps) {
  const service = createVerificationService(deps);

  route(app, getCompanyVerification, {}, async (request) => {
    const { verification } = await service.state(currentUser(request).id);
    return { status: 'success' as const, verification };
  });

  route(app, verifyCompanyInstantly, {}, async (request) => {
    const result = await service.verifyInstantly(currentUser(request).id, request.body);
    return { status: 'success' as const, responseMessage: MSG.verified, ...result };
  });

  route(app, submitCompanyDocuments, {}, async (request) => {
    // The fields with the contract's messages, then the file's presence, then its kind (http/multipart.ts).
    const { fields, files } = await readUpload(request, submitCompanyDocuments);
    const doc = await acceptVerificationDocument(files.documentFile[0] as UploadedFile);
    const result = await service.submitDocuments(currentUser(request).id, fields, doc);
    return { status: 'success' as const, responseMessage: MSG.documentsSubmitted, ...result };
  });
}
