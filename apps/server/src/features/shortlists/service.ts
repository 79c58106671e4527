import { paths } from '@talentloop/contract';
import {
  SHORTLIST_CANDIDATES_MAX,
  SHORTLISTS_MAX,
  type Candidate,
  type ShortlistStage,
  type ShortlistSummary,
} from '@talentloop/contract/api/shortlists';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { type Db, type DbOrTx, pgErrorCode } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { CompanyRow } from '../company/service.ts';
import { syncHire } from '../reviews/hires.ts';
import { mailableFreelancer } from '../talent-pool/service.ts';
import { shortlistMail } from './mails.ts';
import {
  type CandidateRow,
  type ShortlistRow,
  candidatesOf,
  countOtherCandidates,
  countShortlists,
  deleteCandidate,
  deleteShortlist,
  findCandidate,
  findCompanyCandidate,
  findCompanyOfOwner,
  findSearchableBySlug,
  findShortlist,
  insertCandidate,
  insertMoveEvent,
  insertShortlist,
  listSummaries,
  lockCompanyOfOwner,
  moveShortlistedToInterview,
  otherListNamed,
  readCandidate,
  readCandidates,
  readSummary,
  renameShortlist,
  updateCandidateRow,
} from './queries.ts';
import { addSystemLine } from '../messages/system-lines.ts';

// Shortlists (issue 20): a company's named lists (one per role) and each candidate's stage. The
// company is always the caller's own (companies.owner_user_id); a list or candidate of another
// company, or an id that is not a UUID, is not found (404). Creating lists and adding or moving
// candidates need a verified company (403 TL_CORE_13010_E); reading does not. Every save of a list
// or candidate carries the version it was made from: one conditional write, a stale one is 409
// TL_CORE_10110_E and changes nothing. Every stage change (and the add) is a talent_events row
// (the company's name and the list's name as they are now) and, when the freelancer's 'shortlist'
// choice is on, the account is not a demo and the address proven, a capped mail through the outbox.
// Writes of one company run one after another (its row locked), so the caps on lists and
// candidates hold under parallel requests.

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> };

type Move = {
  company: CompanyRow;
  list: ShortlistRow;
  freelancerId: string;
  candidateId: string;
  stage: ShortlistStage | 'removed';
  reason: string | null;
};

export function createShortlistService({ db, clock, config }: Deps) {
  const dashboardUrl = `${config.publicUrl}${paths.freelancer.dashboard}`;

  const readCompany = (ownerUserId: string) => findCompanyOfOwner(db, ownerUserId);

  function requireVerified(company: CompanyRow | null): asserts company is CompanyRow {
    if (company?.verificationStatus !== 'verified') throw new AppError('TL_CORE_13010_E');
  }

  async function ownList(tx: DbOrTx, company: CompanyRow | null, shortlistId: string): Promise<ShortlistRow> {
    const list = company ? await findShortlist(tx, company.id, shortlistId) : null;
    if (!list) throw new AppError('TL_CORE_13013_E');
    return list;
  }

  async function ownCandidate(tx: DbOrTx, list: ShortlistRow, candidateId: string): Promise<CandidateRow> {
    const candidate = await findCandidate(tx, list.id, candidateId);
    if (!candidate) throw new AppError('TL_CORE_13017_E');
    return candidate;
  }

  const recordMove = (tx: DbOrTx, actorId: string, m: Move, now: Date) => recordMoveOf(tx, dashboardUrl, actorId, m, now);

  return {
    async list(userId: string): Promise<ShortlistSummary[]> {
      const company = await readCompany(userId);
      return company ? listSummaries(db, company.id) : [];
    },

    async get(userId: string, shortlistId: string): Promise<{ shortlist: ShortlistSummary; candidates: Candidate[] }> {
      const list = await ownList(db, await readCompany(userId), shortlistId);
      return { shortlist: await readSummary(db, list), candidates: await readCandidates(db, list.id) };
    },

    async create(userId: string, name: string): Promise<ShortlistSummary> {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const company = await lockCompanyOfOwner(tx, userId);
          requireVerified(company);
          if ((await countShortlists(tx, company.id)) >= SHORTLISTS_MAX) throw new AppError('TL_CORE_13012_E');
          await nameFree(tx, company.id, name, null);
          const row = await insertShortlist(tx, company.id, name, now);
          if (!row) throw new Error('shortlist insert returned nothing');
          return readSummary(tx, row);
        });
      } catch (err) {
        throw nameTaken(err);
      }
    },

    async rename(userId: string, shortlistId: string, name: string, version: number): Promise<ShortlistSummary> {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const company = await lockCompanyOfOwner(tx, userId);
          const list = await ownList(tx, company, shortlistId);
          if (list.version !== version) throw new AppError('TL_CORE_10110_E');
          await nameFree(tx, list.companyId, name, list.id);
          const row = await renameShortlist(tx, list.id, name, version, now);
          if (!row) throw new AppError('TL_CORE_10110_E');
          return readSummary(tx, row);
        });
      } catch (err) {
        throw nameTaken(err);
      }
    },

    /** Deletes a list; its candidates end silently (a 'removed' event each, never shown, no mail). */
    async remove(userId: string, shortlistId: string, version: number): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const company = await lockCompanyOfOwner(tx, userId);
        const list = await ownList(tx, company, shortlistId);
        const open = await candidatesOf(tx, list.id);
        const gone = await deleteShortlist(tx, list.id, version);
        if (!gone || !company) throw new AppError('TL_CORE_10110_E');
        // The candidates went with the list (ON DELETE CASCADE); their candidacies end silently.
        for (const c of open) {
          await recordMove(
            tx,
            userId,
            { company, list, freelancerId: c.freelancerId, candidateId: c.id, stage: 'removed', reason: null },
            now,
          );
        }
      });
    },

    /** Shortlists a freelancer in the talent search (by slug) on this list. */
    async addCandidate(userId: string, shortlistId: string, slug: string): Promise<Candidate> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await lockCompanyOfOwner(tx, userId);
        requireVerified(company);
        const list = await ownList(tx, company, shortlistId);
        const talent = await findSearchableBySlug(tx, slug);
        if (!talent) throw new AppError('TL_CORE_13014_E');
        const n = await countOtherCandidates(tx, list.id, talent.userId);
        const inserted = await insertCandidate(tx, list.id, talent.userId, now);
        if (!inserted) throw new AppError('TL_CORE_13015_E');
        if (n >= SHORTLIST_CANDIDATES_MAX) throw new AppError('TL_CORE_13016_E');
        await recordMove(
          tx,
          userId,
          { company, list, freelancerId: talent.userId, candidateId: inserted.id, stage: 'shortlisted', reason: null },
          now,
        );
        return readCandidate(tx, inserted.id);
      });
    },

    /** Moves a candidate and saves the private note; a stage change is an event and a mail, a note alone neither. */
    async updateCandidate(
      userId: string,
      shortlistId: string,
      candidateId: string,
      body: { stage: ShortlistStage; reason?: string | null; note: string; version: number },
    ): Promise<Candidate> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await lockCompanyOfOwner(tx, userId);
        requireVerified(company);
        const list = await ownList(tx, company, shortlistId);
        const before = await ownCandidate(tx, list, candidateId);
        if (before.version !== body.version) throw new AppError('TL_CORE_10110_E');
        const reason = body.stage === 'not_selected' ? (body.reason ?? null) : null;
        const after = await updateCandidateRow(tx, before.id, body.version, { stage: body.stage, reason, note: body.note }, now);
        if (!after) throw new AppError('TL_CORE_10110_E');
        if (after.stage !== before.stage && (after.stage === 'selected' || after.stage === 'not_selected')) {
          await addSystemLine(
            tx,
            { candidateId: after.id, companyId: company.id, freelancerId: after.freelancerId },
            after.stage === 'selected' ? 'candidate_selected' : 'candidate_not_selected',
            now,
          );
        }
        if (after.stage !== before.stage) {
          // Selected makes the hire; leaving Selected before it is finished removes it (issue 22).
          await syncHire(
            tx,
            {
              candidateId: after.id,
              companyId: company.id,
              companyName: company.name,
              role: list.name,
              freelancerId: after.freelancerId,
              from: before.stage,
              to: after.stage,
            },
            now,
          );
          await recordMove(
            tx,
            userId,
            { company, list, freelancerId: after.freelancerId, candidateId: after.id, stage: body.stage, reason },
            now,
          );
        }
        return readCandidate(tx, after.id);
      });
    },

    /**
     * Removes a candidate. Without a reason the candidacy ends silently (a 'removed' event, never
     * shown, no mail); with one the freelancer sees Not selected and the reason (event and mail),
     * unless they were already told Not selected (then it ends silently too).
     */
    async removeCandidate(userId: string, shortlistId: string, candidateId: string, body: { reason?: string | null; version: number }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const company = await lockCompanyOfOwner(tx, userId);
        const list = await ownList(tx, company, shortlistId);
        const before = await ownCandidate(tx, list, candidateId);
        const gone = await deleteCandidate(tx, before.id, body.version);
        if (!gone || !company) throw new AppError('TL_CORE_10110_E');
        const told = body.reason && gone.stage !== 'not_selected';
        await recordMove(
          tx,
          userId,
          {
            company,
            list,
            freelancerId: gone.freelancerId,
            candidateId: gone.id,
            stage: told ? 'not_selected' : 'removed',
            reason: told ? (body.reason ?? null) : null,
          },
          now,
        );
      });
    },
  };
}

/** Under the company's lock: no other list of the company has this name (case-insensitive). */
async function nameFree(tx: DbOrTx, companyId: string, name: string, exceptId: string | null) {
  const taken = await otherListNamed(tx, companyId, name, exceptId);
  if (taken) throw new AppError('TL_CORE_13011_E');
}

/** The unique index on (company, lower(name)) as the catalogue's answer; any other error as it is. */
function nameTaken(err: unknown): unknown {
  const constraint =
    (err as { cause?: { constraint?: string }; constraint?: string })?.cause?.constraint ?? (err as { constraint?: string })?.constraint;
  return pgErrorCode(err) === '23505' && constraint === 'shortlists_company_name_key' ? new AppError('TL_CORE_13011_E') : err;
}

/**
 * The timeline event of a move and, for a shown stage, the freelancer's mail (their choice, not demo,
 * proven address, capped). `mail: false` when the caller's own mail already tells the freelancer
 * (an accepted interview time: its confirmation is the one mail).
 */
async function recordMoveOf(
  tx: DbOrTx,
  dashboardUrl: string,
  actorId: string,
  m: Move,
  now: Date,
  opts: { mail: boolean } = { mail: true },
) {
  await insertMoveEvent(tx, {
    freelancerId: m.freelancerId,
    kind: m.stage,
    actorId,
    companyId: m.company.id,
    companyName: m.company.name,
    role: m.list.name,
    candidateId: m.candidateId,
    reason: m.stage === 'not_selected' ? m.reason : null,
    createdAt: now,
  });
  // A silent end is never mailed; a company that is not verified is never named in a mail.
  if (!opts.mail || m.stage === 'removed' || m.company.verificationStatus !== 'verified') return;
  const recipient = await mailableFreelancer(tx, m.freelancerId, 'shortlist');
  if (!recipient) return;
  const mail = shortlistMail({
    to: recipient.email,
    firstName: recipient.firstName,
    stage: m.stage,
    companyName: m.company.name,
    role: m.list.name,
    reason: m.reason,
    dashboardUrl,
  });
  await enqueueCappedMail(tx, 'shortlistUpdate', mail, { account: actorId, now });
}

/**
 * Moves a company's candidate from Shortlisted to Interview inside the caller's transaction (the
 * interviews feature, issue 22, when the freelancer accepts a time): the same write and timeline
 * event as a move by the company, without the stage mail (the interview's confirmation says it). A candidate at any other stage, or gone, is left as it
 * is. True when it moved.
 */
export async function moveCandidateToInterview(
  tx: DbOrTx,
  opts: { publicUrl: string; actorId: string; companyId: string; candidateId: string; now: Date },
): Promise<boolean> {
  const found = await findCompanyCandidate(tx, opts.companyId, opts.candidateId);
  if (found?.candidate.stage !== 'shortlisted') return false;
  const after = await moveShortlistedToInterview(tx, found.candidate.id, opts.now);
  if (!after) return false;
  await recordMoveOf(
    tx,
    `${opts.publicUrl}${paths.freelancer.dashboard}`,
    opts.actorId,
    { company: found.company, list: found.list, freelancerId: after.freelancerId, candidateId: after.id, stage: 'interview', reason: null },
    opts.now,
    // The interview's confirmation is the freelancer's one mail for it (not a second 'wants to interview you').
    { mail: false },
  );
  return true;
}
