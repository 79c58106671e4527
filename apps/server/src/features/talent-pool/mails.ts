import { BRAND } from '@talentloop/contract';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// The vetting outcome mails (approved, changes requested, declined with the reason). The reason is
// an operator's words and the name the freelancer's: no live link in either (defangLinks).

export type VettingMailOutcome = 'vetted' | 'changes_requested' | 'declined';

export function vettingOutcomeMail(
  to: string,
  firstName: string,
  outcome: VettingMailOutcome,
  reason: string | null,
  opts: { dashboardUrl: string; retryDays: number },
): Mail {
  const greeting = firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,';
  const why = reason ? defangLinks(reason) : '';
  const content = {
    vetted: {
      subject: `Your ${BRAND.name} profile is vetted`,
      lines: [
        'Our team reviewed your profile and approved it. Companies can now find you in talent search; you will get a mail when one shortlists you.',
      ],
    },
    changes_requested: {
      subject: `Changes requested on your ${BRAND.name} profile`,
      lines: [
        'Our team reviewed your profile and asks for a few changes before approving it.',
        `Reason: ${why}`,
        'Edit your profile, then press Send for review on your dashboard.',
      ],
    },
    declined: {
      subject: `Your ${BRAND.name} profile was not approved`,
      lines: [
        'Our team reviewed your profile and could not approve it this time.',
        `Reason: ${why}`,
        `You can improve your profile and ask for another review after ${opts.retryDays} days.`,
      ],
    },
  }[outcome];
  const lines = [greeting, ...content.lines, `Your dashboard: ${opts.dashboardUrl}`];
  return {
    to,
    subject: content.subject,
    text: `${lines.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(content.subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}
