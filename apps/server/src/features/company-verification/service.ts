import type {
  CompanyVerificationRead,
  DocumentSubmissionRead,
  PastSubmission,
  ReviewedCompany,
  VerificationHistoryEvent,
  VerificationSubmissionReview,
} from '@talentloop/contract/api/company-verification';
import type { DocumentVerificationFields, InstantVerificationBody } from '@talentloop/contract/validation/company-verification';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import type { Clock } from '../../infra/clock.ts';
import { type Db, type DbOrTx, pgErrorCode } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import { type OutboxWorker, enqueueMail } from '../../infra/mail/outbox.ts';
import { type FileStorage, fileUrl } from '../../infra/storage.ts';
import { companyWantsMail } from '../company-settings/service.ts';
import { ensureCompany, findCompany, readCompletion } from '../company/service.ts';
import {
  type InstantVerifier,
  type VerificationCheck,
  createInstantVerifier,
  nameResemblesDomain,
  registrableDomain,
  registrationKey,
} from './checks.ts';
import { type AcceptedDocument, DOCUMENT_KIND } from './documents.ts';
import { lastVerification } from './evidence.ts';
import { documentsSubmittedOpsMail, verificationOutcomeMail } from './mails.ts';
import {
  type ReviewRow,
  type SubmissionRow,
  companyStatusOf,
  companyWithOwnerEmail,
  decideSubmission,
  insertSubmission,
  insertVerificationEvent,
  keyHolder,
  latestEvent,
  latestSubmission,
  markPending,
  markVerifiedByDocuments,
  markVerifiedInstantly,
  ownerOfCompany,
  pendingReviewRows,
  reviewRow,
  revertPendingToUnverified,
  submissionsOf,
  verificationEventsOf,
} from './queries.ts';

// Instant verification (issue 11). The checks run outside any transaction (a registry lookup may
// be slow); the decision is one conditional UPDATE that also requires the website and verified
// email to be the ones checked, so an edit made meanwhile or a second attempt changes nothing
// twice. A pass writes one event row (who, when, method, checks); a failure changes nothing.
//
// Manual verification: the document's bytes are staged before the transaction; the submission row,
// the file's metadata, the company's 'pending' status, the event and the operators' mail are one
// transaction. At most one pending submission per company (a partial unique index decides between
// two at once). An operator's decision is one conditional UPDATE from 'pending': of two operators
// deciding the same submission at once exactly one wins; the other gets 409 and changes nothing.
//
// One registration number, one verified company (issue 18): a verification writes the number's key
// (registrationKey) on the company; a partial unique index over verified companies (0014) lets one
// company hold it, whichever method verified it and however many try at once. Instant: refused with
// 11025 (which names the ways to dispute: a support call or documents). Documents: a submission with
// a held number is taken (it is the dispute), but an operator cannot approve it (11027) while
// another verified company holds the number. A company whose name does not resemble its website's
// domain is not verified instantly (11026: documents instead).

type ServiceDeps = {
  db: Db;
  clock: Clock;
  verifier?: InstantVerifier;
  storage?: FileStorage;
  config?: Pick<Config, 'opsEmail' | 'publicUrl'>;
  outbox?: Pick<OutboxWorker, 'kick'>;
};

export type Decision = { outcome: 'approved' } | { outcome: 'rejected'; reason: string };

const toSubmissionRead = (s: SubmissionRow): DocumentSubmissionRead => ({
  id: s.id,
  status: s.status as DocumentSubmissionRead['status'],
  businessRegistrationNumber: s.registrationNumber,
  documentType: s.documentType as DocumentSubmissionRead['documentType'],
  country: s.country,
  submittedAt: s.createdAt.toISOString(),
  decidedAt: s.decidedAt?.toISOString() ?? null,
  reason: s.reason,
});

/**
 * Mails a company the outcome of its document review (approved, or rejected with the reason),
 * inside the decision's transaction. The one place both decision mails go through (notification
 * preferences gate it here).
 */
export async function sendVerificationOutcomeMail(
  tx: DbOrTx,
  input: { companyId: string; outcome: 'approved' | 'rejected'; reason: string | null },
  now: Date,
): Promise<void> {
  const owner = await ownerOfCompany(tx, input.companyId);
  if (!owner) return;
  // The company chooses whether it receives verification outcome mails (Notifications & Communication).
  // An operator's decision, not the company's doing: not among the capped mails (one per submission).
  if (!(await companyWantsMail(tx, input.companyId, 'verification'))) return;
  await enqueueMail(tx, verificationOutcomeMail(owner.email, owner.companyName || 'Your company', input.outcome, input.reason), now);
}

/** The partial unique index of 0014: one verified company per registration key. */
const HELD_KEY_INDEX = 'companies_verified_registration_key';
const isHeldKeyViolation = (err: unknown) =>
  pgErrorCode(err) === '23505' && JSON.stringify((err as { cause?: unknown }).cause ?? err).includes(HELD_KEY_INDEX);

/** 11027, naming the verified company that holds the number when it is known. */
const heldByAnother = (holderName: string | null) =>
  new AppError(
    'TL_CORE_11027_E',
    holderName
      ? `Another verified company (${holderName}) holds this registration number. Resolve that company's verification before approving this one.`
      : undefined,
  );

/** The most history rows (events, submissions) a review shows. */
const HISTORY_MAX = 100;

/** The reason an event carries (a rejection's, or why a verification was withdrawn), if any. */
const reasonOf = (checks: unknown): string | null => {
  const reason = (checks as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason ? reason : null;
};

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export function createVerificationService({ db, clock, verifier = createInstantVerifier(), storage, config, outbox }: ServiceDeps) {
  async function state(tx: DbOrTx, userId: string) {
    const row = await findCompany(tx, userId);
    const event = row ? await lastVerification(tx, row.id) : null;
    const status = (row?.verificationStatus ?? 'unverified') as 'unverified' | 'pending' | 'verified';
    const submission = row ? await latestSubmission(tx, row.id) : null;
    const last = row && status === 'unverified' ? await latestEvent(tx, row.id) : null;
    const method = event?.method === 'documents' ? ('documents' as const) : ('instant' as const);
    const verification: CompanyVerificationRead = {
      status,
      method: status === 'verified' && event ? method : null,
      verifiedAt: status === 'verified' && event ? event.createdAt.toISOString() : null,
      // Present only when there is something to say (a client built before them ignores them).
      ...(submission ? { documents: toSubmissionRead(submission) } : {}),
      ...(last?.outcome === 'revoked'
        ? { revoked: { at: last.createdAt.toISOString(), reason: String((last.checks as { reason?: unknown }).reason ?? '') } }
        : {}),
    };
    return { row, verification };
  }

  function needStorage(): FileStorage {
    if (!storage) throw new Error('verification service built without storage');
    return storage;
  }

  const toReview = (r: ReviewRow): VerificationSubmissionReview => ({
    id: r.submission.id,
    companyId: r.submission.companyId,
    companyName: r.companyName,
    websiteUrl: r.websiteUrl,
    businessRegistrationNumber: r.submission.registrationNumber,
    documentType: r.submission.documentType as DocumentSubmissionRead['documentType'],
    country: r.submission.country,
    fileUrl: r.submission.fileId ? fileUrl(r.submission.fileId) : null,
    fileMime: r.submission.fileId ? r.fileMime : null,
    status: r.submission.status as DocumentSubmissionRead['status'],
    submittedAt: r.submission.createdAt.toISOString(),
  });

  return {
    state: (userId: string) => state(db, userId),

    async verifyInstantly(userId: string, body: InstantVerificationBody) {
      const row = await findCompany(db, userId);
      if (row?.verificationStatus === 'verified') throw new AppError('TL_CORE_11013_E');
      if (!row?.websiteUrl) throw new AppError('TL_CORE_11012_E');
      const email = row.verifiedEmail;
      if (!email || row.contactEmail !== email) throw new AppError('TL_CORE_11011_E');

      const checks: VerificationCheck[] = [
        sameName(body.companyName, row.name)
          ? { check: 'company_name', passed: true, detail: 'The name matches your company profile.' }
          : {
              check: 'company_name',
              passed: false,
              detail: `The company name does not match the one in your profile (${row.name}).`,
            },
        ...(await verifier.verify({
          country: body.country,
          registrationNumber: body.businessRegistrationNumber,
          websiteUrl: row.websiteUrl,
          verifiedEmail: email,
        })),
      ];
      const failed = checks.filter((c) => !c.passed);
      if (failed.length > 0) throw new AppError('TL_CORE_11010_E', failed.map((c) => c.detail).join(' '));

      const key = registrationKey(body.country, body.businessRegistrationNumber);
      if (await keyHolder(db, key, row.id)) throw new AppError('TL_CORE_11025_E');
      if (!nameResemblesDomain(row.name, row.websiteUrl)) {
        const site = registrableDomain(row.websiteUrl) ?? row.websiteUrl;
        throw new AppError(
          'TL_CORE_11026_E',
          `Your company name (${row.name}) does not resemble your website's domain (${site}), so we cannot verify it instantly. Verify with documents instead: go Back and choose Submit documents.`,
        );
      }

      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const updated = await markVerifiedInstantly(tx, { id: row.id, websiteUrl: row.websiteUrl as string, email }, key, now);
          if (!updated) {
            const current = await findCompany(tx, userId);
            throw new AppError(current?.verificationStatus === 'verified' ? 'TL_CORE_11013_E' : 'TL_CORE_10110_E');
          }
          await insertVerificationEvent(tx, {
            companyId: row.id,
            actorUserId: userId,
            method: 'instant',
            outcome: 'verified',
            checks: {
              country: body.country,
              registrationNumber: body.businessRegistrationNumber,
              registrationKey: key,
              companyName: body.companyName,
              websiteUrl: row.websiteUrl,
              verifiedEmail: email,
              registry: verifier.registryName,
              results: checks,
            },
            createdAt: now,
          });
          const { row: fresh, verification } = await state(tx, userId);
          if (!fresh) throw new Error('company vanished inside its transaction');
          return { checks, verification, completion: await readCompletion(tx, fresh) };
        });
      } catch (err) {
        // Two companies with one number at once: the partial unique index lets one be verified.
        if (isHeldKeyViolation(err)) throw new AppError('TL_CORE_11025_E');
        throw err;
      }
    },
    /**
     * Manual method: stores the document and a pending submission, sets the company 'pending', and
     * tells OPS_EMAIL. Refused while verified (11013) or while a submission is pending (11022).
     */
    async submitDocuments(userId: string, fields: DocumentVerificationFields, doc: AcceptedDocument) {
      const files = needStorage();
      const current = await findCompany(db, userId);
      if (current?.verificationStatus === 'verified') throw new AppError('TL_CORE_11013_E');
      if (current && (await latestSubmission(db, current.id))?.status === 'pending') throw new AppError('TL_CORE_11022_E');
      const blob = await files.stage(doc.data);
      const now = clock.now();
      let mailed = false;
      try {
        const result = await db.transaction(async (tx) => {
          const company = await ensureCompany(tx, userId);
          const fileId = await files.put(tx, { ownerId: userId, kind: DOCUMENT_KIND, mime: doc.mime, blob, now });
          const submission = await insertSubmission(tx, {
            companyId: company.id,
            submittedBy: userId,
            registrationNumber: fields.businessRegistrationNumber,
            documentType: fields.documentType,
            country: fields.country,
            fileId,
            status: 'pending',
            createdAt: now,
          });
          if (!submission) throw new Error('submission insert returned nothing');
          if (!(await markPending(tx, company.id, now))) throw new AppError('TL_CORE_11013_E');
          await insertVerificationEvent(tx, {
            companyId: company.id,
            actorUserId: userId,
            method: 'documents',
            outcome: 'pending',
            checks: {
              submissionId: submission.id,
              registrationNumber: fields.businessRegistrationNumber,
              documentType: fields.documentType,
              country: fields.country,
              fileId,
              mime: doc.mime,
              size: doc.data.length,
            },
            createdAt: now,
          });
          if (config?.opsEmail) {
            // To the operators, capped (contract mail-caps.ts); past it the submission still stands.
            mailed = await enqueueCappedMail(
              tx,
              'documentsSubmitted',
              documentsSubmittedOpsMail(config.opsEmail, {
                companyName: company.name,
                registrationNumber: fields.businessRegistrationNumber,
                documentType: fields.documentType,
                country: fields.country,
                fileLink: `${config.publicUrl}${fileUrl(fileId)}`,
                submissionId: submission.id,
              }),
              { account: userId, now },
            );
          }
          const { row: fresh, verification } = await state(tx, userId);
          if (!fresh) throw new Error('company vanished inside its transaction');
          return { verification, completion: await readCompletion(tx, fresh) };
        });
        if (mailed) outbox?.kick();
        return result;
      } catch (err) {
        // Two submissions at once: the partial unique index lets one be pending.
        if (pgErrorCode(err) === '23505') throw new AppError('TL_CORE_11022_E');
        throw err;
      }
    },

    /** Operators: submissions waiting for review, oldest first. */
    async listPending(limit = 200) {
      const rows = await pendingReviewRows(db, limit);
      return rows.map(toReview);
    },

    /**
     * Operators: one submission with its company's details (the owner's email included) and the
     * company's verification history: its events and every submission, newest first. 4 statements.
     */
    async review(submissionId: string) {
      const row = await reviewRow(db, submissionId);
      if (!row) throw new AppError('TL_CORE_11024_E');
      const companyId = row.submission.companyId;
      const company = await companyWithOwnerEmail(db, companyId);
      if (!company) throw new AppError('TL_CORE_11024_E');
      const events = await verificationEventsOf(db, companyId, HISTORY_MAX);
      const submissions = await submissionsOf(db, companyId, HISTORY_MAX);
      const c = company.company;
      return {
        submission: toReview(row),
        company: {
          id: c.id,
          name: c.name,
          country: c.country,
          websiteUrl: c.websiteUrl,
          industry: c.industry,
          companySize: c.companySize,
          contactEmail: c.contactEmail,
          verifiedEmail: c.verifiedEmail,
          ownerEmail: company.ownerEmail,
          verificationStatus: c.verificationStatus as ReviewedCompany['verificationStatus'],
          createdAt: c.createdAt.toISOString(),
        },
        events: events.map(({ event, actorEmail }) => ({
          id: event.id,
          at: event.createdAt.toISOString(),
          method: event.method as VerificationHistoryEvent['method'],
          outcome: event.outcome as VerificationHistoryEvent['outcome'],
          reason: reasonOf(event.checks),
          actorEmail: actorEmail ?? null,
        })),
        submissions: submissions.map(({ submission: p, decidedByEmail }) => ({
          id: p.id,
          submittedAt: p.createdAt.toISOString(),
          status: p.status as PastSubmission['status'],
          documentType: p.documentType as PastSubmission['documentType'],
          businessRegistrationNumber: p.registrationNumber,
          decidedAt: p.decidedAt?.toISOString() ?? null,
          reason: p.reason,
          decidedByEmail: decidedByEmail ?? null,
        })),
      };
    },

    /**
     * An operator's decision on a pending submission: one conditional UPDATE from 'pending' (a
     * submission already decided is 409 TL_CORE_11023_E and nothing changes; an unknown id 404).
     * Approve: the company is verified (method documents, the submission as evidence). Reject: a
     * company still pending goes back to unverified; the reason is shown to it.
     */
    async decide(operator: AuditActor, submissionId: string, decision: Decision) {
      const operatorId = operator.id;
      const now = clock.now();
      const reason = decision.outcome === 'rejected' ? decision.reason : null;
      const result = await db
        .transaction(async (tx) => {
          const submission = await decideSubmission(tx, submissionId, {
            status: decision.outcome,
            reason,
            decidedBy: operatorId,
            decidedAt: now,
          });
          if (!submission) {
            const exists = await reviewRow(tx, submissionId);
            throw new AppError(exists ? 'TL_CORE_11023_E' : 'TL_CORE_11024_E');
          }
          const evidence = {
            submissionId: submission.id,
            registrationNumber: submission.registrationNumber,
            documentType: submission.documentType,
            country: submission.country,
            fileId: submission.fileId,
            reviewedBy: operatorId,
            ...(reason ? { reason } : {}),
          };
          // A rejection only matters to a company still waiting for it: one verified meanwhile (by the
          // instant check) stays verified and is not told that it "could not be verified".
          let tellCompany = true;
          const before = await companyStatusOf(tx, submission.companyId);
          let companyAfter = before?.status ?? 'unverified';
          if (decision.outcome === 'approved') {
            const key = registrationKey(submission.country, submission.registrationNumber);
            const holder = await keyHolder(tx, key, submission.companyId);
            if (holder) throw heldByAnother(holder.name);
            await markVerifiedByDocuments(tx, submission.companyId, key, now);
            companyAfter = 'verified';
          } else {
            tellCompany = await revertPendingToUnverified(tx, submission.companyId, now);
            if (tellCompany) companyAfter = 'unverified';
          }
          // The decision's audit entry, in its transaction (issue 21).
          await recordAudit(
            tx,
            operator,
            {
              action: decision.outcome === 'approved' ? 'document.approve' : 'document.reject',
              targetType: 'submission',
              targetId: submission.id,
              targetLabel: before?.name ?? '',
              before: { submissionStatus: 'pending', companyStatus: before?.status ?? null },
              after: { submissionStatus: decision.outcome, companyStatus: companyAfter },
              reason,
            },
            now,
          );
          await insertVerificationEvent(tx, {
            companyId: submission.companyId,
            actorUserId: operatorId,
            method: 'documents',
            outcome: decision.outcome === 'approved' ? 'verified' : 'rejected',
            checks: evidence,
            createdAt: now,
          });
          if (tellCompany)
            await sendVerificationOutcomeMail(tx, { companyId: submission.companyId, outcome: decision.outcome, reason }, now);
          const review = await reviewRow(tx, submission.id);
          if (!review) throw new Error('submission vanished inside its transaction');
          return toReview(review);
        })
        .catch((err: unknown) => {
          // Two companies with one number approved at once: the partial unique index lets one be verified.
          if (isHeldKeyViolation(err)) throw heldByAnother(null);
          throw err;
        });
      outbox?.kick();
      return result;
    },
  };
}
