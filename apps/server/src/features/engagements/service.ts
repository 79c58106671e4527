import { paths } from '@talentloop/contract';
import {
  type EngagementDetail,
  type EngagementSummary,
  PLATFORM_FEE_BPS,
  type TermsInput,
  billingMissingMessage,
  localDay,
  startDateProblem,
} from '@talentloop/contract/api/engagements';
import { formatMoney } from '@talentloop/contract/rules/money';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { type Db, type DbOrTx, type Tx, pgErrorCode } from '../../infra/db/client.ts';
import type { StoredTerms } from '../../infra/db/schema.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { companyBillingReady, freelancerBillingReady } from '../billing/service.ts';
import { engagementEndedMail, offerMail, termsAnsweredMail, termsAnsweredSelfMail } from './mails.ts';
import {
  type EngagementRow,
  type Side,
  companyHire,
  companyIdOf,
  companyZone,
  deleteMilestones,
  engagementById,
  findEngagement,
  findTerms,
  insertEngagement,
  insertMilestone,
  insertTerms,
  lastTermsVersion,
  listEngagementRows,
  liveEngagementOf,
  mailParties,
  milestonesOf,
  namesOf,
  setTermsStatus,
  termsOf,
  timesheetsOf,
  updateEngagement,
  updateMilestoneTerms,
} from './queries.ts';
import { allWorkApproved, termsSummary, toDetail, toSummary } from './views.ts';
import { addSystemLine } from '../messages/system-lines.ts';

// Offers and terms (issue 34). The company offers terms to its own hire (another company's: 404);
// one live engagement per hire (the partial unique index decides two offers at once: 409). The
// freelancer accepts or declines the version they saw (another version: 409 TL_CORE_18108_E).
// Accepting the offer starts the engagement and stores the fee rate (fee_bps) once. Accepted terms
// never change: the company proposes a new version (same kind, currency, start date and zone;
// funded milestones kept as they are) that the freelancer accepts or declines; every version stays.
// The company ends an active engagement once all its work is approved. Every write checks the
// version it was made from (TL_CORE_10110_E), locks the engagement's row, and queues its mails in
// the same transaction.

export type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> };

export type Urls = { company: string; freelancer: string };
export const urlsOf = (config: Pick<Config, 'publicUrl'>): Urls => ({
  company: `${config.publicUrl}${paths.company.projects}`,
  freelancer: `${config.publicUrl}${paths.freelancer.workManagement}`,
});

/** The caller's side: their company (404 `notFound` when they have none) or themselves as the freelancer. */
export async function companySide(db: DbOrTx, userId: string, notFound: ConstructorParameters<typeof AppError>[0]): Promise<Side> {
  const companyId = await companyIdOf(db, userId);
  if (!companyId) throw new AppError(notFound);
  return { kind: 'company', companyId };
}
export const freelancerSide = (userId: string): Side => ({ kind: 'freelancer', userId });

export async function queue(tx: Tx, mails: readonly (Mail | null)[], now: Date): Promise<void> {
  for (const m of mails) if (m) await enqueueMail(tx, m, now);
}

/** Reads one engagement as `viewer` sees it. */
export async function readDetail(db: DbOrTx, e: EngagementRow, now: Date, viewer: 'company' | 'freelancer'): Promise<EngagementDetail> {
  const [names, terms, sheets, ms] = await Promise.all([
    namesOf(db, [e]),
    termsOf(db, [e.id]),
    timesheetsOf(db, [e.id]),
    milestonesOf(db, [e.id]),
  ]);
  const n = names.get(e.id);
  if (!n) throw new Error('engagement without its parties');
  return toDetail(e, n, terms.get(e.id) ?? [], sheets.get(e.id) ?? [], ms.get(e.id) ?? [], now, viewer);
}

function storedTerms(input: TermsInput & { timeZone: string }): StoredTerms {
  const hourly = input.kind === 'hourly';
  return {
    roleTitle: input.roleTitle,
    scope: input.scope,
    kind: input.kind,
    currency: input.currency,
    rateMinor: hourly ? (input.rateMinor ?? null) : null,
    weeklyCapHours: hourly ? (input.weeklyCapHours ?? null) : null,
    milestones: hourly
      ? []
      : (input.milestones ?? []).map((m) => ({ id: m.id ?? null, title: m.title, amountMinor: m.amountMinor, dueDate: m.dueDate })),
    startDate: input.startDate,
    noticeDays: input.noticeDays,
    timeZone: input.timeZone,
  };
}

export function createEngagementService({ db, clock, config }: Deps) {
  const urls = urlsOf(config);

  async function list(side: Side): Promise<EngagementSummary[]> {
    const rows = await listEngagementRows(db, side);
    const ids = rows.map((r) => r.id);
    const [names, terms, sheets, ms] = await Promise.all([
      namesOf(db, rows),
      termsOf(db, ids),
      timesheetsOf(db, ids),
      milestonesOf(db, ids),
    ]);
    return rows.flatMap((e) => {
      const n = names.get(e.id);
      return n ? [toSummary(e, n, terms.get(e.id) ?? [], sheets.get(e.id) ?? [], ms.get(e.id) ?? [])] : [];
    });
  }

  async function get(side: Side, id: string): Promise<EngagementDetail> {
    const e = await findEngagement(db, side, id);
    if (!e) throw new AppError('TL_CORE_18100_E');
    return readDetail(db, e, clock.now(), side.kind);
  }

  /** The company offers terms to its hire (version 1). */
  async function offer(userId: string, hireId: string, input: TermsInput): Promise<EngagementDetail> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_15040_E');
    if (side.kind !== 'company') throw new AppError('TL_CORE_15040_E');
    try {
      return await db.transaction(async (tx) => {
        const hire = await companyHire(tx, side.companyId, hireId);
        if (!hire) throw new AppError('TL_CORE_15040_E');
        if ((await liveEngagementOf(tx, hire.id)) !== null) throw new AppError('TL_CORE_18101_E');
        const billing = await companyBillingReady(tx, side.companyId);
        if (!billing.ready) throw new AppError('TL_CORE_18102_E', billingMissingMessage('company', billing.missing));
        const zone = input.timeZone ?? (await companyZone(tx, side.companyId)) ?? 'UTC';
        const problem = startDateProblem(input.startDate, now, zone);
        if (problem) throw new AppError('TL_CORE_18103_E', `startDate: ${problem}`);
        const terms = storedTerms({ ...input, timeZone: zone });
        const e = await insertEngagement(tx, {
          hireId: hire.id,
          companyId: side.companyId,
          freelancerId: hire.freelancerId,
          status: 'offered',
          kind: terms.kind,
          currency: terms.currency,
          termsVersion: 0,
          pendingTermsVersion: 1,
          rateMinor: terms.rateMinor,
          weeklyCapHours: terms.weeklyCapHours,
          startDate: terms.startDate,
          timeZone: zone,
          createdAt: now,
          updatedAt: now,
        });
        await insertTerms(tx, { engagementId: e.id, version: 1, status: 'proposed', terms, feeBps: PLATFORM_FEE_BPS, proposedAt: now });
        await addSystemLine(
          tx,
          { candidateId: hire.candidateId, companyId: e.companyId, freelancerId: e.freelancerId },
          'engagement_offered',
          now,
        );
        const p = await mailParties(tx, e);
        await queue(
          tx,
          [
            p.freelancer &&
              offerMail(
                { ...p.freelancer, url: urls.freelancer },
                { ...p, roleTitle: terms.roleTitle },
                { newVersion: false, summary: termsSummary(terms, formatMoney) },
              ),
          ],
          now,
        );
        return readDetail(tx, e, now, 'company');
      });
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new AppError('TL_CORE_18101_E');
      throw err;
    }
  }

  /** A new version of the terms of an active engagement, proposed by the company. */
  async function propose(userId: string, id: string, version: number, input: TermsInput): Promise<EngagementDetail> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_18100_E');
    return db.transaction(async (tx) => {
      const e = await findEngagement(tx, side, id, true);
      if (!e) throw new AppError('TL_CORE_18100_E');
      if (e.version !== version) throw new AppError('TL_CORE_10110_E');
      if (e.status !== 'active') throw new AppError('TL_CORE_18104_E');
      if (e.pendingTermsVersion !== null) throw new AppError('TL_CORE_18105_E');
      const zone = input.timeZone ?? e.timeZone;
      if (input.kind !== e.kind || input.currency !== e.currency || input.startDate !== e.startDate || zone !== e.timeZone) {
        throw new AppError('TL_CORE_18106_E');
      }
      if (e.kind === 'fixed') {
        const existing = (await milestonesOf(tx, [e.id])).get(e.id) ?? [];
        const listed = input.milestones ?? [];
        for (const m of listed) {
          if (m.id && !existing.some((x) => x.id === m.id)) throw new AppError('TL_CORE_18106_E');
        }
        for (const x of existing.filter((m) => m.status !== 'pending')) {
          const kept = listed.find((m) => m.id === x.id);
          if (!kept || kept.amountMinor !== x.amountMinor || kept.title !== x.title || kept.dueDate !== x.dueDate) {
            throw new AppError('TL_CORE_18106_E');
          }
        }
      }
      const terms = storedTerms({ ...input, timeZone: zone });
      const next = (await lastTermsVersion(tx, e.id)) + 1;
      await insertTerms(tx, {
        engagementId: e.id,
        version: next,
        status: 'proposed',
        terms,
        feeBps: e.feeBps ?? PLATFORM_FEE_BPS,
        proposedAt: now,
      });
      const after = await updateEngagement(tx, e.id, { pendingTermsVersion: next }, now);
      if (!after) throw new Error('engagement vanished');
      const p = await mailParties(tx, e);
      await queue(
        tx,
        [
          p.freelancer &&
            offerMail(
              { ...p.freelancer, url: urls.freelancer },
              { ...p, roleTitle: terms.roleTitle },
              { newVersion: true, summary: termsSummary(terms, formatMoney) },
            ),
        ],
        now,
      );
      return readDetail(tx, after, now, 'company');
    });
  }

  /** The freelancer accepts or declines the proposed version they saw. */
  async function answer(userId: string, id: string, termsVersion: number, decision: { accept: true } | { accept: false; reason: string }) {
    const now = clock.now();
    const side = freelancerSide(userId);
    return db.transaction(async (tx) => {
      const e = await findEngagement(tx, side, id, true);
      if (!e) throw new AppError('TL_CORE_18100_E');
      if (e.pendingTermsVersion === null || e.pendingTermsVersion !== termsVersion || (e.status !== 'offered' && e.status !== 'active')) {
        throw new AppError('TL_CORE_18108_E');
      }
      const proposed = await findTerms(tx, e.id, termsVersion);
      if (!proposed) throw new Error('pending terms missing');
      const t = proposed.terms;
      const newVersion = e.status === 'active';
      if (decision.accept) {
        const billing = await freelancerBillingReady(tx, userId);
        if (!billing.ready) throw new AppError('TL_CORE_18109_E', billingMissingMessage('freelancer', billing.missing));
        if (newVersion) {
          await setTermsStatus(tx, e.id, e.termsVersion, { status: 'superseded' });
        }
        await setTermsStatus(tx, e.id, termsVersion, { status: 'accepted', decidedAt: now });
        await updateEngagement(
          tx,
          e.id,
          {
            status: 'active',
            termsVersion,
            pendingTermsVersion: null,
            rateMinor: t.rateMinor,
            weeklyCapHours: t.weeklyCapHours,
            // The fee rate is fixed when the engagement starts.
            ...(newVersion ? {} : { feeBps: proposed.feeBps, startedAt: now }),
          },
          now,
        );
        if (t.kind === 'fixed') await syncMilestones(tx, e, t);
        if (!newVersion) await addSystemLine(tx, e, 'engagement_started', now);
      } else {
        await setTermsStatus(tx, e.id, termsVersion, { status: 'declined', decidedAt: now, declineReason: decision.reason });
        await updateEngagement(tx, e.id, { ...(newVersion ? {} : { status: 'declined' as const }), pendingTermsVersion: null }, now);
      }
      const p = await mailParties(tx, e);
      const party = { ...p, roleTitle: t.roleTitle };
      const accepted = decision.accept;
      const reason = decision.accept ? null : decision.reason;
      await queue(
        tx,
        [
          p.company && termsAnsweredMail({ ...p.company, url: urls.company }, party, { accepted, reason, newVersion }),
          p.freelancer && termsAnsweredSelfMail({ ...p.freelancer, url: urls.freelancer }, party, { accepted, newVersion }),
        ],
        now,
      );
      const after = await engagementById(tx, e.id);
      if (!after) throw new Error('engagement vanished');
      return readDetail(tx, after, now, 'freelancer');
    });
  }

  /**
   * The milestones of accepted fixed-price terms: the first acceptance makes them; a later version
   * keeps funded ones (checked when proposed), updates the unfunded ones it names and removes the
   * unfunded ones it does not, and adds its new ones.
   */
  async function syncMilestones(tx: Tx, e: EngagementRow, t: StoredTerms): Promise<void> {
    const existing = (await milestonesOf(tx, [e.id])).get(e.id) ?? [];
    const named = new Set(t.milestones.flatMap((m) => (m.id ? [m.id] : [])));
    const drop = existing.filter((m) => m.status === 'pending' && !named.has(m.id)).map((m) => m.id);
    if (drop.length > 0) await deleteMilestones(tx, drop);
    for (const [position, m] of t.milestones.entries()) {
      if (m.id) {
        await updateMilestoneTerms(
          tx,
          e.id,
          m.id,
          { position, title: m.title, amountMinor: m.amountMinor, dueDate: m.dueDate },
          e.updatedAt,
        );
      } else {
        await insertMilestone(tx, {
          engagementId: e.id,
          position,
          title: m.title,
          amountMinor: m.amountMinor,
          currency: t.currency,
          dueDate: m.dueDate,
        });
      }
    }
  }

  /** The company ends an active engagement whose work is all approved. */
  async function end(userId: string, id: string, version: number): Promise<EngagementDetail> {
    const now = clock.now();
    const side = await companySide(db, userId, 'TL_CORE_18100_E');
    return db.transaction(async (tx) => {
      const e = await findEngagement(tx, side, id, true);
      if (!e) throw new AppError('TL_CORE_18100_E');
      if (e.version !== version) throw new AppError('TL_CORE_10110_E');
      if (e.status !== 'active') throw new AppError('TL_CORE_18104_E');
      const sheets = (await timesheetsOf(tx, [e.id])).get(e.id) ?? [];
      const ms = (await milestonesOf(tx, [e.id])).get(e.id) ?? [];
      if (!allWorkApproved(sheets, ms) || e.pendingTermsVersion !== null) throw new AppError('TL_CORE_18107_E');
      const after = await updateEngagement(tx, e.id, { status: 'ended', endedAt: now, endDate: localDay(now, e.timeZone) }, now);
      if (!after) throw new Error('engagement vanished');
      await addSystemLine(tx, e, 'engagement_ended', now);
      const terms = await findTerms(tx, e.id, e.termsVersion);
      const p = await mailParties(tx, e);
      await queue(
        tx,
        [p.freelancer && engagementEndedMail({ ...p.freelancer, url: urls.freelancer }, { ...p, roleTitle: terms?.terms.roleTitle ?? '' })],
        now,
      );
      return readDetail(tx, after, now, 'company');
    });
  }

  return { list, get, offer, propose, answer, end };
}
