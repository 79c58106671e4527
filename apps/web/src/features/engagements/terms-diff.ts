import type { Terms } from '@talentloop/contract/api/engagements';
import { formatLongDay, money } from './format.ts';

// What a new version of the terms changes against the terms in force (issue 34: a change is a new
// version both accept): each change as people read it, 'from' and 'to' written the same way as the
// terms summary writes them. Kind, currency, start date and zone never change (decision 191).

export type TermsChange = { what: string; from: string; to: string };

export function termsChanges(current: Terms, proposed: Terms): TermsChange[] {
  const out: TermsChange[] = [];
  const c = proposed.currency;
  const add = (what: string, from: string, to: string) => {
    if (from !== to) out.push({ what, from, to });
  };
  add('Role title', current.roleTitle, proposed.roleTitle);
  if (current.scope !== proposed.scope) out.push({ what: 'Scope', from: 'as before', to: 'rewritten (see below)' });
  if (proposed.kind === 'hourly') {
    const rate = (t: Terms) => (t.rateMinor === null ? '—' : `${money(t.rateMinor, c)} an hour`);
    add('Hourly rate', rate(current), rate(proposed));
    add('Weekly cap', `${current.weeklyCapHours ?? '—'} hours`, `${proposed.weeklyCapHours ?? '—'} hours`);
  }
  add('Notice period', `${current.noticeDays} days`, `${proposed.noticeDays} days`);
  const line = (m: Terms['milestones'][number]) => `${m.title}: ${money(m.amountMinor, c)}, due ${formatLongDay(m.dueDate)}`;
  const before = current.milestones.map(line);
  const after = proposed.milestones.map(line);
  for (const m of before) if (!after.includes(m)) out.push({ what: 'Milestone', from: m, to: 'removed' });
  for (const m of after) if (!before.includes(m)) out.push({ what: 'Milestone', from: 'new', to: m });
  return out;
}
