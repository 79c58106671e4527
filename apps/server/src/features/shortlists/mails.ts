import { AFTER_SELECTED } from '@talentloop/contract/api/shortlists';
import { BRAND } from '@talentloop/contract';
import type { ShortlistStage } from '@talentloop/contract/api/shortlists';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// The freelancer's shortlist mails: shortlisted, interview, selected, not selected (with the
// company's reason). The company's name, the role (the list's name) and the reason are the
// company's words, the first name the freelancer's: no live link in any of them (defangLinks).
// The company's private notes are never in a mail.

export type ShortlistMail = {
  to: string;
  firstName: string;
  stage: ShortlistStage;
  companyName: string;
  role: string;
  reason: string | null;
  dashboardUrl: string;
};

export function shortlistMail(m: ShortlistMail): Mail {
  const company = defangLinks(m.companyName);
  const role = defangLinks(m.role);
  const greeting = m.firstName ? `Hi ${defangLinks(m.firstName)},` : 'Hi,';
  const content = {
    shortlisted: {
      subject: `${company} shortlisted you for ${role}`,
      lines: [`${company} shortlisted you for the role ${role}. If they invite you to an interview, we will mail you.`],
    },
    interview: {
      subject: `${company} wants to interview you for ${role}`,
      lines: [
        `${company} moved you to the interview stage for the role ${role}. When they propose interview times, you choose one on your dashboard, and we mail you.`,
      ],
    },
    selected: {
      subject: `${company} selected you for ${role}`,
      lines: [`Good news: ${company} selected you for the role ${role}.`, AFTER_SELECTED.freelancer(company)],
    },
    not_selected: {
      subject: `An update from ${company} on ${role}`,
      lines: [
        `${company} decided not to go ahead with you for the role ${role}.`,
        ...(m.reason ? [`Their reason: ${defangLinks(m.reason)}`] : []),
        'You stay in the talent pool, and other companies can still shortlist you.',
      ],
    },
  }[m.stage];
  const lines = [greeting, ...content.lines, `Your status timeline: ${m.dashboardUrl}`];
  return {
    to: m.to,
    subject: content.subject,
    text: `${lines.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(content.subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}
