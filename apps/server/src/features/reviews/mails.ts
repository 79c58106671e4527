import { BRAND } from '@talentloop/contract';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// The notices when an operator hides a review (issue 22): one to the freelancer it was about, one
// to the company that wrote it, each with the operator's reason. Names and the reason are people's
// words: no live link in any of them (defangLinks). The review's text is never repeated in a mail.

export type ReviewHiddenMail = {
  to: string;
  firstName: string;
  side: 'freelancer' | 'company';
  companyName: string;
  freelancerName: string;
  reason: string;
  url: string;
};

export function reviewHiddenMail(m: ReviewHiddenMail): Mail {
  const company = defangLinks(m.companyName);
  const freelancer = defangLinks(m.freelancerName);
  const greeting = m.firstName ? `Hi ${defangLinks(m.firstName)},` : 'Hi,';
  const subject = m.side === 'freelancer' ? `A review by ${company} was hidden` : `Your review of ${freelancer} was hidden`;
  const lines = [
    greeting,
    m.side === 'freelancer'
      ? `Our team hid the review ${company} wrote about you. It no longer shows on your profile or counts in your rating.`
      : `Our team hid the review you wrote about ${freelancer}. It no longer shows on their profile or counts in their rating.`,
    `The reason: ${defangLinks(m.reason)}`,
    m.side === 'freelancer' ? `Your reviews: ${m.url}` : `Your hires: ${m.url}`,
  ];
  return {
    to: m.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}
