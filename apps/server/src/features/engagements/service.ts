import { paths } from '@talentloop/contract';
import {
  type EngagementDetail,
  type EngagementSummary,
  NOTICE_DAYS_MIN,
  type NoticeSide,
  PLATFORM_FEE_BPS,
  type TermsInput,
  billingMissingMessage,
  earlyEndProblem,
  localDay,
  noticeEndDate,
  noticeEndProblem,
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
import {
  type Party,
  type Recipient,
  earlyEndAnsweredMail,
  earlyEndProposedMail,
  engagementEndedMail,
  noticeGivenMail,
  offerMail,
  termsAnsweredMail,
  termsAnsweredSelfMail,
} from './mails.ts';
import {
  type EngagementRow,
  type Side,
  companyHire,
  companyIdOf,
  companyZone,
  deliverablesOf,
  deleteMilestones,
  engagementById,
  findEngagement,
  findTerms,
  finishHireOf,
  insertEngagement,
  insertMilestone,
  insertTerms,
  lastTermsVersion,
  listEngagementRows,
  liveEngagementOf,
  mailParties,
  markEngagementEnded,
  milestonesOf,
  namesOf,
  roleTitleOf,
  setTermsStatus,
  termsOf,
  timesheetsOf,
  updateEngagement,
  updateMilestoneTerms,
} from './queries.ts';
import { addSystemLine } from '../messages/system-lines.ts';
import { termsSummary, toDetail, toSummary } from './views.ts';

// Offers and terms (issue 34). The company offers terms to its own hire (another company's: 404);
// one live engagement per hire (the partial unique index decides two offers at once: 409). The
// freelancer accepts or declines the version they saw (another version: 409 TL_CORE_18108_E).
// Accepting the offer starts the engagement and stores the fee rate (fee_bps) once. Accepted terms
// never change: the company proposes a new version (same kind, currency, start date and zone;
// funded milestones kept as they are) that the freelancer accepts or declines; every version stays.
// Either side ends an active engagement with notice, or earlier when the other side accepts the date
// (issue 35); the sweep ends it on its end date and finishes the hire. Every write checks the
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
  const own = ms.get(e.id) ?? [];
  const files = await deliverablesOf(
    db,
    own.flatMap((m) => m.fileIds),
  );
  return toDetail(e, n, terms.get(e.id) ?? [], sheets.get(e.id) ?? [], own, now, viewer, files);
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
            noticeDays: Math.max(t.noticeDays, NOTICE_DAYS_MIN),
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

  /** Loads the caller's own active engagement, locked, at the version they saw (404 / 409 otherwise). */
  async function ownActive(tx: Tx, side: Side, id: string, version: number): Promise<EngagementRow> {
    const e = await findEngagement(tx, side, id, true);
    if (!e) throw new AppError('TL_CORE_18100_E');
    if (e.version !== version) throw new AppError('TL_CORE_10110_E');
    if (e.status !== 'active') throw new AppError('TL_CORE_18104_E');
    return e;
  }

  /** Mails to both sides, each told whether they took the step themselves. */
  async function tellBoth(tx: Tx, e: EngagementRow, by: NoticeSide, make: (r: Recipient, p: Party, self: boolean) => Mail, now: Date) {
    const p = await mailParties(tx, e);
    const party = { ...p, roleTitle: await roleTitleOf(tx, e) };
    await queue(
      tx,
      [
        p.company && make({ ...p.company, url: urls.company }, party, by === 'company'),
        p.freelancer && make({ ...p.freelancer, url: urls.freelancer }, party, by === 'freelancer'),
      ],
      now,
    );
  }

  /** Either side gives notice: the end date is at least the engagement's notice period ahead (in its zone). */
  async function giveNotice(side: Side, id: string, version: number, endDate: string): Promise<EngagementDetail> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const e = await ownActive(tx, side, id, version);
      if (e.endDate !== null) throw new AppError('TL_CORE_18130_E');
      const problem = noticeEndProblem(endDate, localDay(now, e.timeZone), e.noticeDays);
      if (problem) throw new AppError('TL_CORE_18131_E', problem);
      const by = side.kind;
      const after = await updateEngagement(
        tx,
        e.id,
        // A waiting earlier end was proposed against no end date: it is withdrawn by the notice.
        { endDate, noticeGivenBy: by, noticeGivenAt: now, earlyEndDate: null, earlyEndBy: null, earlyEndAt: null },
        now,
      );
      if (!after) throw new Error('engagement vanished');
      await tellBoth(tx, e, by, (r, p, self) => noticeGivenMail(r, p, { by, self, endDate, noticeDays: e.noticeDays }), now);
      return readDetail(tx, after, now, side.kind);
    });
  }

  /** Either side proposes an earlier end (from today, before the notice's end date); the other answers. */
  async function proposeEarlyEnd(side: Side, id: string, version: number, date: string): Promise<EngagementDetail> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const e = await ownActive(tx, side, id, version);
      if (e.earlyEndDate !== null) throw new AppError('TL_CORE_18134_E');
      const today = localDay(now, e.timeZone);
      const problem = earlyEndProblem(date, today, e.endDate ?? noticeEndDate(today, e.noticeDays));
      if (problem) throw new AppError('TL_CORE_18131_E', problem);
      const by = side.kind;
      const after = await updateEngagement(tx, e.id, { earlyEndDate: date, earlyEndBy: by, earlyEndAt: now }, now);
      if (!after) throw new Error('engagement vanished');
      const p = await mailParties(tx, e);
      const party = { ...p, roleTitle: await roleTitleOf(tx, e) };
      const other =
        by === 'company' ? p.freelancer && { ...p.freelancer, url: urls.freelancer } : p.company && { ...p.company, url: urls.company };
      await queue(tx, [other && earlyEndProposedMail(other, party, { by, date, current: e.endDate })], now);
      return readDetail(tx, after, now, side.kind);
    });
  }

  /**
   * The other side accepts (the date becomes the end date; a date already begun ends it now) or
   * declines (the end date stays) the earlier end proposed to them.
   */
  async function answerEarlyEnd(side: Side, id: string, version: number, accept: boolean): Promise<EngagementDetail> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const e = await ownActive(tx, side, id, version);
      const date = e.earlyEndDate;
      if (date === null) throw new AppError('TL_CORE_18132_E');
      if (e.earlyEndBy === side.kind) throw new AppError('TL_CORE_18133_E');
      const by = side.kind;
      const cleared = { earlyEndDate: null, earlyEndBy: null, earlyEndAt: null };
      let after = await updateEngagement(
        tx,
        e.id,
        accept
          ? { ...cleared, endDate: date, noticeGivenBy: e.noticeGivenBy ?? e.earlyEndBy, noticeGivenAt: e.noticeGivenAt ?? now }
          : cleared,
        now,
      );
      if (!after) throw new Error('engagement vanished');
      await tellBoth(tx, e, by, (r, p, self) => earlyEndAnsweredMail(r, p, { by, self, accepted: accept, date, endDate: e.endDate }), now);
      if (accept && date <= localDay(now, e.timeZone)) after = (await endEngagement(tx, urls, after, now)) ?? after;
      return readDetail(tx, after, now, side.kind);
    });
  }

  return { list, get, offer, propose, answer, giveNotice, proposeEarlyEnd, answerEarlyEnd };
}

/**
 * Ends an active engagement on its end date (the sweep, or an accepted earlier end of today): one
 * conditional write (null when it is no longer active, so it ends once), the hire finished (its
 * review opens by the reviews rule: an ended engagement with approved work), both sides mailed.
 */
export async function endEngagement(tx: Tx, urls: Urls, e: EngagementRow, now: Date): Promise<EngagementRow | null> {
  const after = await markEngagementEnded(tx, e.id, now);
  if (!after) return null;
  await finishHireOf(tx, e.hireId, now);
  await addSystemLine(tx, e, 'engagement_ended', now);
  const p = await mailParties(tx, e);
  const party = { ...p, roleTitle: await roleTitleOf(tx, e) };
  const endDate = after.endDate ?? localDay(now, e.timeZone);
  await queue(
    tx,
    [
      p.company && engagementEndedMail({ ...p.company, url: urls.company }, party, { endDate }),
      p.freelancer && engagementEndedMail({ ...p.freelancer, url: urls.freelancer }, party, { endDate }),
    ],
    now,
  );
  return after;
}
