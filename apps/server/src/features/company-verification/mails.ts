import { BRAND } from '@talentloop/contract';
import { documentTypeLabel } from '@talentloop/contract/lists/company';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks } from '../../infra/mail/templates.ts';

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

// The mails of manual verification: the operators' notice of a submission, and the company's
// outcome (approved, or rejected with the reason). The company's name is its own words: no live
// link in it (defangLinks).

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f5f6f8;font-family:Inter,Arial,sans-serif;color:#1f2430">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="font-weight:700;font-size:18px;color:#4338ca;margin:0 0 24px">${escapeHtml(BRAND.name)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}</td></tr></table></td></tr></table></body></html>`;
}

function mail(to: string, subject: string, lines: string[]): Mail {
  return { to, subject, text: `${lines.join('\n\n')}\n\n${BRAND.name}`, html: layout(subject, lines) };
}

export type SubmissionSummary = {
  companyName: string;
  registrationNumber: string;
  documentType: string;
  country: string;
  fileLink: string;
  submissionId: string;
};

export function documentsSubmittedOpsMail(to: string, submission: SubmissionSummary): Mail {
  const s = {
    ...submission,
    companyName: defangLinks(submission.companyName),
    registrationNumber: defangLinks(submission.registrationNumber),
  };
  return mail(to, `Verification documents to review: ${s.companyName}`, [
    `${s.companyName} submitted documents for verification (review within 24 hours).`,
    `Company: ${s.companyName}`,
    `Registration number: ${s.registrationNumber}`,
    `Document type: ${documentTypeLabel(s.documentType)}`,
    `Country: ${countryName(s.country)}`,
    `Document: ${s.fileLink}`,
    `Submission: ${s.submissionId}`,
  ]);
}

export function verificationOutcomeMail(to: string, name: string, outcome: 'approved' | 'rejected', reason: string | null): Mail {
  const companyName = defangLinks(name);
  if (outcome === 'approved') {
    return mail(to, `${companyName} is verified`, [
      'Hi,',
      `We reviewed your documents: ${companyName} is now verified. You can start hiring freelancers.`,
    ]);
  }
  return mail(to, `We could not verify ${companyName}`, [
    'Hi,',
    `We reviewed your documents and could not verify ${companyName}.`,
    `Reason: ${reason ?? ''}`,
    'You can submit new documents from Profile setup > Account Verification.',
  ]);
}
