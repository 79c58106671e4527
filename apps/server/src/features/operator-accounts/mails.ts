import { BRAND } from '@talentloop/contract';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// What the account holder is told when an operator suspends or reactivates their account. The
// operator's reason is for the audit log, not the mail (it may name a report or another person);
// the mail says what changed, what it means, and where to write.

const greetingOf = (firstName: string) => (firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,');

export const SUSPENDED_SUBJECT = `Your ${BRAND.name} account is suspended`;
export const REACTIVATED_SUBJECT = `Your ${BRAND.name} account is active again`;

/** The suspension notice: the one mail that still reaches a suspended account besides its codes. */
export function suspendedMail(to: string, firstName: string): Mail {
  const greeting = greetingOf(firstName);
  const lines = [
    `Your ${BRAND.name} account has been suspended. You were signed out everywhere, you cannot sign in, and companies no longer see your profile.`,
    `If you think this is a mistake, write to ${BRAND.supportEmail}.`,
  ];
  const text = `${greeting}\n\n${lines.join('\n\n')}\n\n${BRAND.name}`;
  const html = layout(SUSPENDED_SUBJECT, `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`);
  return { to, subject: SUSPENDED_SUBJECT, text, html, forAccountHolder: true };
}

export function reactivatedMail(to: string, firstName: string): Mail {
  const greeting = greetingOf(firstName);
  const lines = [
    `Your ${BRAND.name} account is active again. You can sign in, and your profile is shown as you set it before.`,
    `Questions: write to ${BRAND.supportEmail}.`,
  ];
  const text = `${greeting}\n\n${lines.join('\n\n')}\n\n${BRAND.name}`;
  const html = layout(REACTIVATED_SUBJECT, `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`);
  return { to, subject: REACTIVATED_SUBJECT, text, html, forAccountHolder: true };
}
