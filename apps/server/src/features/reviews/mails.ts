import { BRAND } from '@talentloop/contract';
import type { ReviewAuthor } from '@talentloop/contract/api/reviews';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// Review notices (issues 22 and 32). Reviews are two-sided: the company reviews the freelancer, the
// freelancer reviews the company. An operator hiding or restoring a review tells both: the party
// it is about (the subject) and its author, each with the operator's reason. When a review is
// published (double-blind reveal), the party it is about is told. Names and the reason are
// people's words: no live link in any of them (defangLinks). A review's text is never repeated.

export type ReviewParties = {
  author: ReviewAuthor;
  companyName: string;
  freelancerName: string;
};

export type ReviewNotice = ReviewParties & {
  to: string;
  firstName: string;
  /** Whether the recipient is the review's subject or its author. */
  recipient: 'subject' | 'author';
  url: string;
};

const names = (p: ReviewParties) => {
  const company = defangLinks(p.companyName);
  const freelancer = defangLinks(p.freelancerName);
  return p.author === 'company' ? { by: company, about: freelancer } : { by: freelancer, about: company };
};

function compose(n: ReviewNotice, subject: string, lines: string[]): Mail {
  const greeting = n.firstName ? `Hi ${defangLinks(n.firstName)},` : 'Hi,';
  const all = [greeting, ...lines];
  return {
    to: n.to,
    subject,
    text: `${all.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(subject, all.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}

const linkLine = (n: ReviewNotice) => {
  const mine = n.recipient === 'subject' ? n.author === 'company' : n.author === 'freelancer';
  // The freelancer's reviews live on their profile page; the company's on its hires.
  return mine ? `Your reviews: ${n.url}` : `Your hires: ${n.url}`;
};

export function reviewHiddenMail(n: ReviewNotice & { reason: string }): Mail {
  const { by, about } = names(n);
  const aboutFreelancer = n.author === 'company';
  if (n.recipient === 'subject') {
    return compose(n, `A review by ${by} was hidden`, [
      `Our team hid the review ${by} wrote about you. ${aboutFreelancer ? 'It no longer shows on your profile or counts in your rating.' : 'It no longer shows to you or counts anywhere.'}`,
      `The reason: ${defangLinks(n.reason)}`,
      linkLine(n),
    ]);
  }
  return compose(n, `Your review of ${about} was hidden`, [
    `Our team hid the review you wrote about ${about}. ${aboutFreelancer ? 'It no longer shows on their profile or counts in their rating.' : 'It no longer shows to them or counts anywhere.'}`,
    `The reason: ${defangLinks(n.reason)}`,
    linkLine(n),
  ]);
}

export function reviewRestoredMail(n: ReviewNotice & { reason: string; revealed: boolean }): Mail {
  const { by, about } = names(n);
  const where = n.revealed
    ? 'It shows again.'
    : 'It will show once it is published (when both sides have reviewed, or 14 days after it was written).';
  if (n.recipient === 'subject') {
    return compose(n, `A review by ${by} was restored`, [
      `Our team restored the review ${by} wrote about you, which had been hidden. ${where}`,
      `The reason: ${defangLinks(n.reason)}`,
      linkLine(n),
    ]);
  }
  return compose(n, `Your review of ${about} was restored`, [
    `Our team restored the review you wrote about ${about}, which had been hidden. ${where}`,
    `The reason: ${defangLinks(n.reason)}`,
    linkLine(n),
  ]);
}

/** To the review's subject when it is published (both sides reviewed, or the blind days passed). */
export function reviewPublishedMail(n: Omit<ReviewNotice, 'recipient'>): Mail {
  const { by } = names(n);
  const notice = { ...n, recipient: 'subject' as const };
  return compose(notice, `${by} reviewed you`, [
    n.author === 'company'
      ? `${by} reviewed your work, and the review is now published on your profile. You can read it and reply once.`
      : `${by} reviewed working with your company. You can read the review on your hires.`,
    linkLine(notice),
  ]);
}
