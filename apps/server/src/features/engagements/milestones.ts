import { INVOICE_DUE_DAYS, type Milestone, localDay, milestoneAutoApproveAt } from '@talentloop/contract/api/engagements';
import type { Currency } from '@talentloop/contract/rules/money';
import { AppError } from '../../http/app-error.ts';
import type { Tx } from '../../infra/db/client.ts';
import { issueInvoice, releaseMilestone } from '../invoices/service.ts';
import { releaseFundingOf } from '../receipts/service.ts';
import { invoiceMailFor } from './invoice-mail.ts';
import { milestoneApprovedMail, milestoneChangesMail, milestoneFundedMail, milestoneSubmittedMail } from './mails.ts';
import {
  type EngagementRow,
  type MilestoneRow,
  type Side,
  deliverablesOf,
  findMilestone,
  mailParties,
  ownAttachedFileCount,
  roleTitleOf,
  setMilestoneFundingInvoice,
  updateMilestone,
} from './queries.ts';
import { type Deps, type Urls, companySide, freelancerSide, queue, urlsOf } from './service.ts';
import { toMilestone } from './views.ts';

// Milestones of fixed-price engagements (issue 34). The company funds a milestone (its invoice is
// issued: status funded); the freelancer submits it (a note, links, and files they uploaded: another
// account's file id is refused); the company approves it (its funds are released) or asks for
// changes with a reason, and the freelancer submits again. A submission not answered within
// MILESTONE_AUTO_APPROVE_DAYS is approved by the sweep through the same `approveMilestone`. Every
// write is one conditional update of the locked row at the version seen (stale: 409).

/** Approves a submitted milestone in the caller's transaction (still 'submitted', at `version` when given); null when it was not. */
export async function approveMilestone(
  tx: Tx,
  urls: Urls,
  e: EngagementRow,
  m: MilestoneRow,
  by: 'company' | 'automatic',
  now: Date,
  version?: number,
): Promise<MilestoneRow | null> {
  const after = await updateMilestone(
    tx,
    m.id,
    { status: 'submitted', version },
    { status: 'approved', approvedAt: now, approvedBy: by, autoApproveAt: null },
    now,
  );
  if (!after) return null;
  // Its held funds are released: the freelancer is owed the net, the platform the fee (one entry per milestone).
  await releaseMilestone(tx, {
    engagementId: e.id,
    companyId: e.companyId,
    freelancerId: e.freelancerId,
    milestoneId: after.id,
    currency: after.currency as Currency,
    grossMinor: after.amountMinor,
  });
  // Its funding already received: released to the freelancer's payable at once (issue 35).
  await releaseFundingOf(tx, after.fundingInvoiceId, now);
  const p = await mailParties(tx, e);
  const party = { ...p, roleTitle: await roleTitleOf(tx, e) };
  const info = { title: after.title, amountMinor: after.amountMinor, currency: after.currency as Currency, by };
  await queue(
    tx,
    [
      p.freelancer && milestoneApprovedMail({ ...p.freelancer, url: urls.freelancer }, party, { ...info, recipient: 'freelancer' }),
      p.company && milestoneApprovedMail({ ...p.company, url: urls.company }, party, { ...info, recipient: 'company' }),
    ],
    now,
  );
  return after;
}

export function createMilestoneService({ db, clock, config }: Deps) {
  const urls = urlsOf(config);

  async function locked(tx: Tx, side: Side, id: string, version: number) {
    const found = await findMilestone(tx, side, id, true);
    if (!found) throw new AppError('TL_CORE_18120_E');
    if (found.milestone.version !== version) throw new AppError('TL_CORE_10110_E');
    return found;
  }

  async function fund(userId: string, id: string, version: number): Promise<Milestone> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_18120_E');
    return db.transaction(async (tx) => {
      const { milestone: m, engagement: e } = await locked(tx, side, id, version);
      if (e.status !== 'active') throw new AppError('TL_CORE_18104_E');
      if (m.status !== 'pending') throw new AppError('TL_CORE_18121_E');
      const after = await updateMilestone(tx, m.id, { status: 'pending', version }, { status: 'funded', fundedAt: now }, now);
      if (!after) throw new AppError('TL_CORE_10110_E');
      // The funding invoice, in this transaction: the milestone's amount, held for the engagement.
      const currency = after.currency as Currency;
      const invoice = await issueInvoice(tx, {
        engagementId: e.id,
        companyId: e.companyId,
        freelancerId: e.freelancerId,
        currency,
        source: { kind: 'milestone', id: after.id },
        purpose: 'milestone_funding',
        lines: [{ description: `Milestone: ${after.title}`, amountMinor: after.amountMinor }],
        issueDate: localDay(now, e.timeZone),
        dueDays: INVOICE_DUE_DAYS,
      });
      await setMilestoneFundingInvoice(tx, after.id, invoice.invoiceId);
      after.fundingInvoiceId = invoice.invoiceId;
      const p = await mailParties(tx, e);
      const roleTitle = await roleTitleOf(tx, e);
      await queue(
        tx,
        [
          p.freelancer &&
            milestoneFundedMail(
              { ...p.freelancer, url: urls.freelancer },
              { ...p, roleTitle },
              {
                title: after.title,
                amountMinor: after.amountMinor,
                currency,
              },
            ),
          await invoiceMailFor(
            tx,
            e,
            urls,
            { ...p, roleTitle },
            { what: `the milestone ${after.title}`, amountMinor: after.amountMinor, currency },
          ),
        ],
        now,
      );
      return toMilestone(after, await deliverablesOf(tx, after.fileIds));
    });
  }

  async function submit(
    userId: string,
    id: string,
    body: { version: number; note: string; links: string[]; fileIds: string[] },
  ): Promise<Milestone> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { milestone: m, engagement: e } = await locked(tx, freelancerSide(userId), id, body.version);
      // A funded milestone still settles after the engagement ended (issue 35).
      if (e.status !== 'active' && e.status !== 'ended') throw new AppError('TL_CORE_18104_E');
      if (m.status !== 'funded' && m.status !== 'changes_requested') throw new AppError('TL_CORE_18121_E');
      const fileIds = [...new Set(body.fileIds.map((f) => f.toLowerCase()))];
      if (fileIds.length > 0) {
        if ((await ownAttachedFileCount(tx, userId, fileIds)) !== fileIds.length) throw new AppError('TL_CORE_18122_E');
      }
      const autoApproveAt = milestoneAutoApproveAt(now);
      const after = await updateMilestone(
        tx,
        m.id,
        { version: body.version },
        { status: 'submitted', note: body.note, links: body.links, fileIds, submittedAt: now, changesReason: null, autoApproveAt },
        now,
      );
      if (!after) throw new AppError('TL_CORE_10110_E');
      const p = await mailParties(tx, e);
      await queue(
        tx,
        [
          p.company &&
            milestoneSubmittedMail(
              { ...p.company, url: urls.company },
              { ...p, roleTitle: await roleTitleOf(tx, e) },
              {
                title: after.title,
                amountMinor: after.amountMinor,
                currency: after.currency as Currency,
                autoApproveAt,
              },
            ),
        ],
        now,
      );
      return toMilestone(after, await deliverablesOf(tx, after.fileIds));
    });
  }

  async function approve(userId: string, id: string, version: number): Promise<Milestone> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_18120_E');
    return db.transaction(async (tx) => {
      const { milestone: m, engagement: e } = await locked(tx, side, id, version);
      if (m.status !== 'submitted') throw new AppError('TL_CORE_18121_E');
      const after = await approveMilestone(tx, urls, e, m, 'company', now, version);
      if (!after) throw new AppError('TL_CORE_10110_E');
      return toMilestone(after, await deliverablesOf(tx, after.fileIds));
    });
  }

  async function requestChanges(userId: string, id: string, version: number, reason: string): Promise<Milestone> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_18120_E');
    return db.transaction(async (tx) => {
      const { milestone: m, engagement: e } = await locked(tx, side, id, version);
      if (m.status !== 'submitted') throw new AppError('TL_CORE_18121_E');
      const after = await updateMilestone(
        tx,
        m.id,
        { status: 'submitted', version },
        { status: 'changes_requested', changesReason: reason, autoApproveAt: null },
        now,
      );
      if (!after) throw new AppError('TL_CORE_10110_E');
      const p = await mailParties(tx, e);
      await queue(
        tx,
        [
          p.freelancer &&
            milestoneChangesMail(
              { ...p.freelancer, url: urls.freelancer },
              { ...p, roleTitle: await roleTitleOf(tx, e) },
              {
                title: after.title,
                amountMinor: after.amountMinor,
                currency: after.currency as Currency,
                reason,
              },
            ),
        ],
        now,
      );
      return toMilestone(after, await deliverablesOf(tx, after.fileIds));
    });
  }

  return { fund, submit, approve, requestChanges };
}
