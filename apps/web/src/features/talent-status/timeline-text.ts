import type { TimelineEntry } from '@talentloop/contract/api/talent-pool';

// How a timeline entry reads to the freelancer (issue 20). Shortlist entries name the company and
// the role as they were at the time; reasons are shown as written.

export function timelineTitle(entry: TimelineEntry): string {
  const company = entry.companyName ?? 'a company';
  const role = entry.role ? ` for ${entry.role}` : '';
  switch (entry.kind) {
    case 'submitted':
      return 'Profile submitted';
    case 'in_review':
      return 'In review';
    case 'vetted':
      return 'Vetted: your profile is in the talent pool';
    case 'changes_requested':
      return 'Changes requested';
    case 'declined':
      return 'Declined';
    case 'shortlisted':
      return `Shortlisted by ${company}${role}`;
    case 'interview':
      return `Interview with ${company}${role}`;
    case 'selected':
      return `Selected by ${company}${role}`;
    case 'not_selected':
      return `Not selected by ${company}${role}`;
  }
}

/** The tone of an entry's marker. */
export function timelineTone(kind: TimelineEntry['kind']): 'good' | 'bad' | 'warn' | 'neutral' {
  if (kind === 'vetted' || kind === 'selected') return 'good';
  if (kind === 'declined' || kind === 'not_selected') return 'bad';
  if (kind === 'changes_requested') return 'warn';
  return 'neutral';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A date as the timeline shows it ('Nov 25, 2026'), in the browser's time zone. */
export const timelineDate = (iso: string) => dateFormat.format(new Date(iso));

/** Whether the freelancer is still waiting for a company (no shortlist entry yet): the spec's text shows then. */
export const waitingForCompanies = (timeline: readonly TimelineEntry[]) =>
  !timeline.some((e) => e.kind === 'shortlisted' || e.kind === 'interview' || e.kind === 'selected' || e.kind === 'not_selected');
