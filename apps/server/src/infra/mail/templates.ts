import { BRAND, OTP_TTL_MINUTES } from '@talentloop/contract';
import type { Mail } from './mailer.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * User-written text made safe to put in a mail. Mail and calendar clients turn URLs, bare domains
 * ('evil.example', 'www.x.io') and addresses into live links by themselves, so HTML-escaping is not
 * enough: every separator that makes a token readable as a link is bracketed, the usual 'defanged'
 * form a reader still understands and no client links: a dot between letters or digits (not
 * between two digits: '3.5' stays), also the ideographic and full-width dots some clients take
 * for one ('evil[.]example'); a scheme's colon ('https[:]//', 'mailto[:]a'); an @ inside a word
 * ('a[@]b[.]io'). Text without such tokens is unchanged. Escape for HTML after this.
 */
export function defangLinks(text: string): string {
  return text
    .replace(/(?<=\p{L})[:\uFF1A](?=\S)/gu, '[:]')
    .replace(/(?<=[\p{L}\p{N}_-])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, (dot, offset: number, whole: string) =>
      /\p{N}/u.test(whole[offset - 1] ?? '') && /\p{N}/u.test(whole[offset + dot.length] ?? '') ? dot : '[.]',
    )
    .replace(/(?<=\S)[@\uFF20](?=\S)/gu, '[@]');
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f6f8;font-family:Inter,Arial,sans-serif;color:#1f2430">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="font-weight:700;font-size:18px;color:#4338ca;margin:0 0 24px">${escapeHtml(BRAND.name)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}</td></tr></table></td></tr></table></body></html>`;
}

export function codeMail(
  to: string,
  firstName: string,
  code: string,
  purpose: 'registration' | 'password_reset' | 'account_deletion' | 'company_email' | 'payout_details',
): Mail {
  const action = {
    registration: 'verify your email',
    password_reset: 'reset your password',
    account_deletion: 'confirm deleting your account',
    company_email: 'verify your company email',
    payout_details: 'confirm the change to your payout details',
  }[purpose];
  const subject = {
    registration: `Your ${BRAND.name} verification code`,
    password_reset: `Your ${BRAND.name} password reset code`,
    account_deletion: `Your ${BRAND.name} account deletion code`,
    company_email: `Your ${BRAND.name} company email code`,
    payout_details: `Your ${BRAND.name} payout details code`,
  }[purpose];
  const greeting = firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,';
  const text = `${greeting}\n\nUse this code to ${action}: ${code}\n\nIt expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.\n\n${BRAND.name}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting)}</p><p>Use this code to ${action}:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0">${code}</p>
<p style="color:#5b6170">It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.</p>`,
  );
  // Queued with the code, it expires with it: a late code mail would only confuse.
  return { to, subject, text, html, ttlMs: OTP_TTL_MINUTES * 60_000, forAccountHolder: true };
}

export function partnerRequestMail(to: string, name: string, companyEmail: string): Mail {
  const companyName = defangLinks(name);
  const subject = `New partnership request: ${companyName}`;
  const text = `A company asked to hire talent through ${BRAND.name}.\n\nCompany: ${companyName}\nEmail: ${companyEmail}\n`;
  const html = layout(subject, `<p>Company: ${escapeHtml(companyName)}</p><p>Email: ${escapeHtml(companyEmail)}</p>`);
  return { to, subject, text, html };
}

/** Told to the account's address after its password changed (always sent: the user just did it, or someone else did). */
export function passwordChangedMail(to: string, firstName: string, when: Date): Mail {
  const subject = `Your ${BRAND.name} password was changed`;
  const greeting = firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,';
  const at = when.toISOString().replace('T', ' ').slice(0, 16);
  const note = 'Your other devices were signed out. If you did not change it, reset your password now from the login page.';
  const text = `${greeting}\n\nThe password of your ${BRAND.name} account was changed on ${at} UTC.\n\n${note}\n\n${BRAND.name}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting)}</p><p>The password of your ${escapeHtml(BRAND.name)} account was changed on ${at} UTC.</p>
<p style="color:#5b6170">${note}</p>`,
  );
  return { to, subject, text, html };
}

/** Told to the account's address when its payout details changed (issue 35): the masked account only. */
export function payoutDetailsChangedMail(to: string, firstName: string, accountMasked: string, when: Date): Mail {
  const subject = `Your ${BRAND.name} payout details were changed`;
  const greeting = firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,';
  const at = when.toISOString().replace('T', ' ').slice(0, 16);
  const note = 'If you did not make this change, change your password now and contact us.';
  const text = `${greeting}\n\nYour payouts now go to the account ending ${accountMasked} (changed on ${at} UTC).\n\n${note}\n\n${BRAND.name}`;
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting)}</p><p>Your payouts now go to the account ending ${escapeHtml(accountMasked)} (changed on ${at} UTC).</p>
<p style="color:#5b6170">${note}</p>`,
  );
  return { to, subject, text, html, forAccountHolder: true };
}
