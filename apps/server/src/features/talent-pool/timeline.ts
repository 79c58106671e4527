import { AFTER_SELECTED } from '@talentloop/contract/api/shortlists';
import {
  TIMELINE_KINDS,
  type TimelineEntry,
  type TimelineKind,
  VETTING_RETRY_DAYS,
  type VettingStatus,
} from '@talentloop/contract/api/talent-pool';
import type { InterviewStatus } from '@talentloop/contract/api/interviews';

// The freelancer's status timeline and 'what happens next' (issue 20), pure: built from the
// talent_events rows of one freelancer. 'removed' rows (a company ended a candidacy silently) are
// never shown; company notes are not in the rows at all. docs: .work-notes/loop-server.md

export type TalentEventRow = {
  id: string;
  kind: string;
  createdAt: Date;
  reason: string | null;
  companyName: string | null;
  role: string | null;
  candidateId: string | null;
};

const SHOWN = new Set<string>(TIMELINE_KINDS);
const SHORTLIST_KINDS = new Set<TimelineKind>(['shortlisted', 'interview', 'selected', 'not_selected']);

/** The entries the freelancer sees, newest first (ties: the later row, by id, first; stable). */
export function buildTimeline(events: readonly TalentEventRow[]): TimelineEntry[] {
  return events
    .filter((e) => SHOWN.has(e.kind))
    .map((e, index) => ({ e, index }))
    .sort((a, b) => b.e.createdAt.getTime() - a.e.createdAt.getTime() || b.index - a.index)
    .map(({ e }) => ({
      id: e.id,
      kind: e.kind as TimelineKind,
      at: e.createdAt.toISOString(),
      reason: e.reason,
      companyName: SHORTLIST_KINDS.has(e.kind as TimelineKind) ? e.companyName : null,
      role: SHORTLIST_KINDS.has(e.kind as TimelineKind) ? e.role : null,
      candidateId: SHORTLIST_KINDS.has(e.kind as TimelineKind) ? e.candidateId : null,
    }));
}

/** Declined: when 'Send for review' opens again (the decline plus VETTING_RETRY_DAYS); else null. */
export function reviewOpensAt(status: VettingStatus, statusAt: Date | null): Date | null {
  if (status !== 'declined' || !statusAt) return null;
  return new Date(statusAt.getTime() + VETTING_RETRY_DAYS * 24 * 3_600_000);
}

const formatDay = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export type NextInput = {
  status: VettingStatus;
  /** The timeline as buildTimeline made it (newest first). */
  timeline: readonly TimelineEntry[];
  /** Declined: when a new review may be asked for. */
  canRequestReviewAt: Date | null;
  now: Date;
  /** Vetted: whether companies can find the profile (open to work, visibility not hidden). */
  discoverable: boolean;
  /** The freelancer's open interview, newest first (proposed, new times asked for, or accepted and still ahead), if any. */
  openInterview?: OpenInterview | null;
};

/** An interview still in motion, as the dashboard's sentence needs it. */
export type OpenInterview = {
  status: Extract<InterviewStatus, 'proposed' | 'new_times_requested' | 'accepted'>;
  companyName: string | null;
};

/** The sentence for an interview in motion: the Interviews card beside it shows the times. */
function interviewNext({ status, companyName }: OpenInterview): string {
  const company = companyName || 'A company';
  switch (status) {
    case 'proposed':
      return `${company} invited you to an interview: choose one of the proposed times under Interviews, or ask for others.`;
    case 'new_times_requested':
      return `You asked ${companyName || 'the company'} for other interview times; we will mail you when they propose new ones.`;
    case 'accepted':
      return `Your interview with ${companyName || 'the company'} is booked (the time and place are under Interviews); we will remind you a day and an hour before.`;
  }
}

/** One sentence: what happens next in the current state. */
export function whatHappensNext({ status, timeline, canRequestReviewAt, now, discoverable, openInterview }: NextInput): string {
  switch (status) {
    case 'not_submitted':
      return 'Finish your profile to send it for review.';
    case 'in_review':
      return 'Our team is reviewing your profile; you will get a mail when they decide, usually within a few working days.';
    case 'changes_requested':
      return 'Read the reason from our team, edit your profile, then press Send for review.';
    case 'declined':
      return canRequestReviewAt && canRequestReviewAt.getTime() > now.getTime()
        ? `You can improve your profile and ask for another review from ${formatDay(canRequestReviewAt)}.`
        : 'You can improve your profile and ask for another review now: press Send for review.';
    case 'vetted':
      break;
  }
  const latest = timeline.find((e) => SHORTLIST_KINDS.has(e.kind));
  // An interview in motion is the next step (even with the profile closed to new companies), unless
  // the latest candidacy has been decided since.
  if (openInterview && latest?.kind !== 'selected' && latest?.kind !== 'not_selected') return interviewNext(openInterview);
  if (!discoverable) return 'Your profile is vetted but companies cannot find it: turn on Open to work and let companies see your profile.';
  const company = latest?.companyName || 'A company';
  switch (latest?.kind) {
    case 'shortlisted':
      return `${company} shortlisted you; if they invite you to an interview, we will mail you.`;
    case 'interview':
      return `${company} wants to interview you; when they propose times, you will choose one here and get a mail.`;
    case 'selected':
      return AFTER_SELECTED.freelancer(company);
    case 'not_selected':
      return 'This role did not work out; you stay in the talent pool, and companies can still shortlist you.';
    default:
      return 'Companies can now find you in talent search; you will get a mail when one shortlists you.';
  }
}
