import { uuidOrNull } from '@talentloop/contract/validation/ids';
import { paths } from '@talentloop/contract';
import {
  type Interview,
  type InterviewOutcome,
  type ProposedTime,
  locationKindOf,
  proposalRanges,
  proposalTimesProblem,
} from '@talentloop/contract/api/interviews';
import { INTERVIEWABLE_STAGES, mayInterviewFromProfile } from '@talentloop/contract/api/shortlists';
import { canonicalTimeZone } from '@talentloop/contract/rules/interview-times';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import type { CompanyRow } from '../company/service.ts';
import { moveCandidateToInterview } from '../shortlists/service.ts';
import { senderAddress } from '../support-booking/mails.ts';
import { type MailContext, acceptedMails, noticeMail, proposalMail, releasedMails } from './mails.ts';
import {
  type InterviewChange,
  type InterviewRow,
  acceptedOverlapping,
  candidaciesOf,
  companyOfOwner,
  companyTimeZoneOf,
  findCompanyInterview,
  findFreelancerInterview,
  findLiveCandidate,
  freelancerTimeZoneOf,
  hasOpenInterview,
  insertInterview,
  lockUser,
  nextSequence,
  readCompanyInterviews,
  readFreelancerInterviews,
  readInterview,
  readParties,
  replaceSlots,
  saveCompanyTimeZoneRow,
  saveFreelancerTimeZoneRow,
  searchSlugOf,
  searchableBySlug,
  slotsOf,
  updateInterview,
} from './queries.ts';
import { addSystemLine } from '../messages/system-lines.ts';

// Interviews (issue 22). The company is always the caller's own (companies.owner_user_id), the
// freelancer the caller; an interview of anyone else, or an id that is not a UUID, is 404
// TL_CORE_15000_E. Proposing and rescheduling need a verified company (403 TL_CORE_13010_E).
// Every change is one conditional write on (id, status, version): a stale or repeated one is 409
// and changes nothing. Accepting runs under the freelancer's users row lock (SELECT ... FOR UPDATE),
// so two accepts of overlapping times (of one interview or of several) run one after the other and
// the second sees the first: a freelancer never holds two accepted interviews that overlap.
// Mail goes through the outbox in the same transaction; interview mail is transactional (an
// invitation the freelancer must answer, a meeting both committed to), so it ignores the
// 'shortlist' mail choice, but never reaches a demo account or an unproven address (readParties).

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl' | 'mailFrom'> };

type Proposal = { timeZone: string; times: ProposedTime[]; durationMinutes: number; location: string; note: string };

export function createInterviewService({ db, clock, config }: Deps) {
  const ics = {
    organizer: senderAddress(config.mailFrom ?? `no-reply@${new URL(config.publicUrl).hostname}`),
    uidDomain: new URL(config.publicUrl).hostname,
  };
  const links = {
    freelancer: `${config.publicUrl}${paths.freelancer.dashboard}`,
    company: `${config.publicUrl}${paths.company.shortlists}`,
  };

  const readCompany = companyOfOwner;

  function requireVerified(company: CompanyRow | null): asserts company is CompanyRow {
    if (company?.verificationStatus !== 'verified') throw new AppError('TL_CORE_13010_E');
  }

  /** The proposal's UTC ranges after the rules that need the clock (400 TL_CORE_15001_E with the contract's message). */
  function rangesAt(p: Proposal, now: Date) {
    const problem = proposalTimesProblem(p, now);
    if (problem) throw new AppError('TL_CORE_15001_E', problem.message);
    return proposalRanges(p).map((r) => {
      if (!r) throw new AppError('TL_CORE_15001_E');
      return r;
    });
  }

  async function context(tx: DbOrTx, row: InterviewRow, at?: { start: Date; end: Date }): Promise<MailContext> {
    const start = at?.start ?? row.startsAt ?? row.createdAt;
    const end = at?.end ?? row.endsAt ?? new Date(start.getTime() + row.durationMinutes * 60_000);
    return {
      parties: await readParties(tx, row),
      interview: {
        id: row.id,
        sequence: row.sequence,
        start,
        end,
        location: row.location,
        locationKind: row.locationKind as 'link' | 'phone',
        note: row.note,
        durationMinutes: row.durationMinutes,
      },
      opts: ics,
      links,
    };
  }

  async function send(tx: DbOrTx, mails: (Mail | null)[], now: Date) {
    for (const mail of mails) if (mail) await enqueueMail(tx, mail, now);
  }

  /** The conditional write every change goes through: none when the status or version moved on. */
  async function change(tx: DbOrTx, before: InterviewRow, version: number, set: InterviewChange, now: Date): Promise<InterviewRow> {
    const after = await updateInterview(tx, before, version, set, now);
    if (!after) throw new AppError('TL_CORE_10110_E');
    return after;
  }

  function requireState(row: InterviewRow, version: number, statuses: readonly string[]) {
    if (!statuses.includes(row.status)) throw new AppError('TL_CORE_15002_E');
    if (row.version !== version) throw new AppError('TL_CORE_10110_E');
  }

  async function writeSlots(tx: DbOrTx, interviewId: string, ranges: { start: Date; end: Date }[]) {
    await replaceSlots(tx, interviewId, ranges);
  }

  /** The freelancer the company means: the candidate's, or the talent search's by slug; and the candidacy, if any. */
  async function target(tx: DbOrTx, company: CompanyRow, slug: string, candidateId: string | null | undefined) {
    if (candidateId) {
      // Typed at the edge (the contract's uuidField): a UUID, lower-cased.
      const candidate = await findLiveCandidate(tx, company.id, candidateId);
      if (!candidate) throw new AppError('TL_CORE_13017_E');
      // A decided candidacy is not interviewed (an accepted time would move it back to Interview).
      if (!(INTERVIEWABLE_STAGES as readonly string[]).includes(candidate.stage)) throw new AppError('TL_CORE_15009_E');
      const talent = await searchSlugOf(tx, candidate.freelancerId);
      if (talent && talent.slug !== slug) throw new AppError('TL_CORE_13017_E');
      return { freelancerId: candidate.freelancerId, candidateId: candidate.id };
    }
    const talent = await searchableBySlug(tx, slug);
    if (!talent) throw new AppError('TL_CORE_13014_E');
    // From the profile: the company's open candidacy of this freelancer (the most recently moved), if
    // any; when every candidacy is decided (Selected or Not selected), refused as from the card.
    const candidacies = await candidaciesOf(tx, company.id, talent.userId);
    if (!mayInterviewFromProfile(candidacies.map((c) => c.stage))) throw new AppError('TL_CORE_15009_E');
    const open = candidacies.find((c) => (INTERVIEWABLE_STAGES as readonly string[]).includes(c.stage));
    return { freelancerId: talent.userId, candidateId: open?.id ?? null };
  }

  return {
    // ---- company -------------------------------------------------------------------------------

    async listForCompany(userId: string, candidateId: string | undefined): Promise<Interview[]> {
      const company = await readCompany(db, userId);
      if (!company) return [];
      if (candidateId !== undefined && !uuidOrNull(candidateId)) return [];
      return readCompanyInterviews(db, company.id, candidateId ? uuidOrNull(candidateId) : null, clock.now());
    },

    async getForCompany(userId: string, id: string): Promise<Interview> {
      const company = await readCompany(db, userId);
      const row = company ? await findCompanyInterview(db, company.id, id) : null;
      if (!row) throw new AppError('TL_CORE_15000_E');
      return readInterview(db, row.id, 'company');
    },

    async propose(userId: string, body: Proposal & { slug: string; candidateId?: string | null }): Promise<Interview> {
      const now = clock.now();
      const ranges = rangesAt(body, now);
      return db.transaction(async (tx) => {
        const company = await readCompany(tx, userId, true);
        requireVerified(company);
        const { freelancerId, candidateId } = await target(tx, company, body.slug, body.candidateId);
        if (candidateId) {
          const open = await hasOpenInterview(tx, candidateId);
          if (open) throw new AppError('TL_CORE_15007_E');
        }
        const row = await insertInterview(tx, {
          companyId: company.id,
          freelancerId,
          candidateId,
          proposedBy: userId,
          status: 'proposed',
          durationMinutes: body.durationMinutes,
          locationKind: locationKindOf(body.location),
          location: body.location,
          note: body.note,
          companyTimeZone: body.timeZone,
          createdAt: now,
          updatedAt: now,
        });
        if (!row) throw new Error('interview insert returned nothing');
        await writeSlots(tx, row.id, ranges);
        await addSystemLine(tx, { candidateId, companyId: company.id, freelancerId }, 'interview_proposed', now);
        const mail = proposalMail(await context(tx, row, ranges[0]), ranges, false, null);
        if (mail) await enqueueCappedMail(tx, 'interviewInvitation', mail, { account: userId, now });
        return readInterview(tx, row.id, 'company');
      });
    },

    async reschedule(userId: string, id: string, body: Proposal & { version: number; reason?: string | null }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await readCompany(tx, userId, true);
        const before = company ? await findCompanyInterview(tx, company.id, id) : null;
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireVerified(company);
        requireState(before, body.version, ['proposed', 'new_times_requested', 'accepted']);
        const ranges = rangesAt(body, now);
        const wasAccepted = before.status === 'accepted';
        const after = await change(
          tx,
          before,
          body.version,
          {
            status: 'proposed',
            durationMinutes: body.durationMinutes,
            locationKind: locationKindOf(body.location),
            location: body.location,
            note: body.note,
            companyTimeZone: body.timeZone,
            startsAt: null,
            endsAt: null,
            reason: body.reason ?? null,
            changedBy: 'company',
            reminder24hAt: null,
            reminder1hAt: null,
            ...(wasAccepted ? { sequence: nextSequence() } : {}),
          },
          now,
        );
        await writeSlots(tx, after.id, ranges);
        if (wasAccepted && before.startsAt && before.endsAt) {
          // The held time is released: both calendars drop it (same UID, the new SEQUENCE).
          const released = await context(tx, { ...before, sequence: after.sequence }, { start: before.startsAt, end: before.endsAt });
          await send(tx, releasedMails(released, { by: 'company', kind: 'rescheduled', reason: body.reason ?? null }), now);
        }
        const mail = proposalMail(await context(tx, after, ranges[0]), ranges, true, body.reason ?? null);
        if (mail) await enqueueCappedMail(tx, 'interviewInvitation', mail, { account: userId, now });
        return readInterview(tx, after.id, 'company');
      });
    },

    async cancelByCompany(userId: string, id: string, body: { reason: string; version: number }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await readCompany(tx, userId, true);
        const before = company ? await findCompanyInterview(tx, company.id, id) : null;
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireState(before, body.version, ['proposed', 'new_times_requested', 'accepted']);
        const wasAccepted = before.status === 'accepted';
        const after = await change(
          tx,
          before,
          body.version,
          {
            status: 'cancelled',
            reason: body.reason,
            changedBy: 'company',
            ...(wasAccepted ? { sequence: nextSequence() } : {}),
          },
          now,
        );
        const c = await context(tx, after);
        await send(
          tx,
          wasAccepted
            ? releasedMails(c, { by: 'company', kind: 'cancelled', reason: body.reason })
            : [noticeMail(c, 'freelancer', 'cancelled', body.reason)],
          now,
        );
        await addSystemLine(tx, after, 'interview_cancelled', now);
        return readInterview(tx, after.id, 'company');
      });
    },

    async recordOutcome(userId: string, id: string, body: { outcome: InterviewOutcome; version: number }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await readCompany(tx, userId, true);
        const before = company ? await findCompanyInterview(tx, company.id, id) : null;
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireState(before, body.version, ['accepted']);
        if (!before.endsAt || before.endsAt.getTime() > now.getTime()) throw new AppError('TL_CORE_15006_E');
        const after = await change(tx, before, body.version, { status: body.outcome }, now);
        return readInterview(tx, after.id, 'company');
      });
    },

    // ---- freelancer ----------------------------------------------------------------------------

    listForFreelancer(userId: string): Promise<Interview[]> {
      return readFreelancerInterviews(db, userId, clock.now());
    },

    async accept(userId: string, id: string, body: { slotId: string; version: number }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        // Every accept of this freelancer waits here for the one before it to commit or roll back.
        await lockUser(tx, userId);
        const before = await findFreelancerInterview(tx, userId, id);
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireState(before, body.version, ['proposed']);
        // Typed at the edge (the contract's uuidField): a UUID, lower-cased.
        const slot = (await slotsOf(tx, [before.id])).get(before.id)?.find((s) => s.id === body.slotId);
        if (!slot) throw new AppError('TL_CORE_15003_E');
        if (slot.startsAt.getTime() <= now.getTime()) throw new AppError('TL_CORE_15004_E');
        const clash = await acceptedOverlapping(tx, userId, before.id, slot);
        if (clash) throw new AppError('TL_CORE_15005_E');
        const after = await change(
          tx,
          before,
          body.version,
          {
            status: 'accepted',
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            reason: null,
            sequence: nextSequence(),
            reminder24hAt: null,
            reminder1hAt: null,
          },
          now,
        );
        const c = await context(tx, after);
        if (after.candidateId) {
          await moveCandidateToInterview(tx, {
            publicUrl: config.publicUrl,
            actorId: c.parties.company.ownerUserId,
            companyId: after.companyId,
            candidateId: after.candidateId,
            now,
          });
        }
        await send(tx, acceptedMails(c), now);
        await addSystemLine(tx, after, 'interview_accepted', now);
        return readInterview(tx, after.id, 'freelancer');
      });
    },

    async decline(userId: string, id: string, body: { reason: string; version: number }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await findFreelancerInterview(tx, userId, id);
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireState(before, body.version, ['proposed']);
        const after = await change(tx, before, body.version, { status: 'declined', reason: body.reason, changedBy: 'freelancer' }, now);
        await send(tx, [noticeMail(await context(tx, after), 'company', 'declined', body.reason)], now);
        return readInterview(tx, after.id, 'freelancer');
      });
    },

    /** Other times: from a proposal, or from an accepted interview (its time released, the calendars told). */
    async requestOtherTimes(userId: string, id: string, body: { reason: string; version: number }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await findFreelancerInterview(tx, userId, id);
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireState(before, body.version, ['proposed', 'accepted']);
        const wasAccepted = before.status === 'accepted';
        const after = await change(
          tx,
          before,
          body.version,
          {
            status: 'new_times_requested',
            reason: body.reason,
            changedBy: 'freelancer',
            startsAt: null,
            endsAt: null,
            reminder24hAt: null,
            reminder1hAt: null,
            ...(wasAccepted ? { sequence: nextSequence() } : {}),
          },
          now,
        );
        if (wasAccepted && before.startsAt && before.endsAt) {
          const c = await context(tx, after, { start: before.startsAt, end: before.endsAt });
          await send(
            tx,
            [
              ...releasedMails(c, { by: 'freelancer', kind: 'other_times', reason: body.reason }),
              noticeMail(c, 'company', 'other_times', body.reason),
            ],
            now,
          );
        } else {
          await send(tx, [noticeMail(await context(tx, after), 'company', 'other_times', body.reason)], now);
        }
        return readInterview(tx, after.id, 'freelancer');
      });
    },

    async cancelByFreelancer(userId: string, id: string, body: { reason: string; version: number }): Promise<Interview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await findFreelancerInterview(tx, userId, id);
        if (!before) throw new AppError('TL_CORE_15000_E');
        requireState(before, body.version, ['accepted']);
        const after = await change(
          tx,
          before,
          body.version,
          { status: 'cancelled', reason: body.reason, changedBy: 'freelancer', sequence: nextSequence() },
          now,
        );
        await send(tx, releasedMails(await context(tx, after), { by: 'freelancer', kind: 'cancelled', reason: body.reason }), now);
        await addSystemLine(tx, after, 'interview_cancelled', now);
        return readInterview(tx, after.id, 'freelancer');
      });
    },

    // ---- time zones ----------------------------------------------------------------------------

    async companyTimeZone(userId: string): Promise<string | null> {
      const row = await companyTimeZoneOf(db, userId);
      return row?.timeZone ? canonicalTimeZone(row.timeZone) : null;
    },

    async saveCompanyTimeZone(userId: string, timeZone: string): Promise<string> {
      const company = await readCompany(db, userId);
      if (!company) throw new AppError('TL_CORE_15008_E');
      const now = clock.now();
      await saveCompanyTimeZoneRow(db, company.id, timeZone, now);
      return timeZone;
    },

    async freelancerTimeZone(userId: string): Promise<string | null> {
      const row = await freelancerTimeZoneOf(db, userId);
      return row?.timeZone ? canonicalTimeZone(row.timeZone) : null;
    },

    async saveFreelancerTimeZone(userId: string, timeZone: string): Promise<string> {
      const now = clock.now();
      await saveFreelancerTimeZoneRow(db, userId, timeZone, now);
      return timeZone;
    },
  };
}
