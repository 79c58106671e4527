import { INVOICE_DUE_DAYS, type Milestone, localDay, milestoneAutoApproveAt } from '@talentloop/contract/api/engagements';
import type { Currency } from '@talentloop/contract/rules/money';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Tx } from '../../infra/db/client.ts';
import { engagementTerms, files, milestones } from '../../infra/db/schema.ts';
import { issueInvoice, releaseMilestone } from '../invoices/service.ts';
import { invoiceMailFor } from './invoice-mail.ts';
import { milestoneApprovedMail, milestoneChangesMail, milestoneFundedMail, milestoneSubmittedMail } from './mails.ts';
import { type EngagementRow, type MilestoneRow, type Side, findMilestone, mailParties } from './queries.ts';
import { type Deps, type Urls, companySide, freelancerSide, queue, urlsOf } from './service.ts';
import { toMilestone } from './views.ts';

// Milestones of fixed-price engagements (issue 34). The company funds a milestone (its invoice is
// issued: status funded); the freelancer submits it (a note, links, and files they uploaded: another
// account's file id is refused); the company approves it (its funds are released) or asks for
// changes with a reason, and the freelancer submits again. A submission not answered within
// MILESTONE_AUTO_APPROVE_DAYS is approved by the sweep through the same `approveMilestone`. Every
// write is one conditional update of the locked row at the version seen (stale: 409).

async function roleTitleOf(tx: Tx, e: EngagementRow): Promise<string> {
  const [t] = await tx
    .select({ terms: engagementTerms.terms })
    .from(engagementTerms)
    .where(and(eq(engagementTerms.engagementId, e.id), eq(engagementTerms.version, e.termsVersion)));
  return t?.terms.roleTitle ?? '';
}

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
  const [after] = await tx
    .update(milestones)
    .set({
      status: 'approved',
      approvedAt: now,
      approvedBy: by,
      autoApproveAt: null,
      version: sql`${milestones.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(eq(milestones.id, m.id), eq(milestones.status, 'submitted'), ...(version === undefined ? [] : [eq(milestones.version, version)])),
    )
    .returning();
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
      const [after] = await tx
        .update(milestones)
        .set({ status: 'funded', fundedAt: now, version: sql`${milestones.version} + 1`, updatedAt: now })
        .where(and(eq(milestones.id, m.id), eq(milestones.status, 'pending'), eq(milestones.version, version)))
        .returning();
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
      await tx.update(milestones).set({ fundingInvoiceId: invoice.invoiceId }).where(eq(milestones.id, after.id));
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
      return toMilestone(after);
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
      if (e.status !== 'active') throw new AppError('TL_CORE_18104_E');
      if (m.status !== 'funded' && m.status !== 'changes_requested') throw new AppError('TL_CORE_18121_E');
      const fileIds = [...new Set(body.fileIds.map((f) => f.toLowerCase()))];
      if (fileIds.length > 0) {
        const own = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(inArray(files.id, fileIds), eq(files.ownerId, userId), isNotNull(files.attachedAt)));
        if (own.length !== fileIds.length) throw new AppError('TL_CORE_18122_E');
      }
      const autoApproveAt = milestoneAutoApproveAt(now);
      const [after] = await tx
        .update(milestones)
        .set({
          status: 'submitted',
          note: body.note,
          links: body.links,
          fileIds,
          submittedAt: now,
          changesReason: null,
          autoApproveAt,
          version: sql`${milestones.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(milestones.id, m.id), eq(milestones.version, body.version)))
        .returning();
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
      return toMilestone(after);
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
      return toMilestone(after);
    });
  }

  async function requestChanges(userId: string, id: string, version: number, reason: string): Promise<Milestone> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_18120_E');
    return db.transaction(async (tx) => {
      const { milestone: m, engagement: e } = await locked(tx, side, id, version);
      if (m.status !== 'submitted') throw new AppError('TL_CORE_18121_E');
      const [after] = await tx
        .update(milestones)
        .set({
          status: 'changes_requested',
          changesReason: reason,
          autoApproveAt: null,
          version: sql`${milestones.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(milestones.id, m.id), eq(milestones.status, 'submitted'), eq(milestones.version, version)))
        .returning();
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
      return toMilestone(after);
    });
  }

  return { fund, submit, approve, requestChanges };
}
