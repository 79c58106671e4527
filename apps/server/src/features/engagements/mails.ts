import { BRAND } from '@talentloop/contract';
import { formatQuarterHours } from '@talentloop/contract/api/engagements';
import { type Currency, formatMoney } from '@talentloop/contract/rules/money';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';

// Engagement notices (issue 34). People's words (names, role titles, reasons, notes) are defanged:
// no live link reaches a mail from them, and the HTML part escapes everything. Each mail names the
// engagement's role and the other party and links to the recipient's own page.

export type Recipient = { to: string; firstName: string; url: string };
export type Party = { companyName: string; freelancerName: string; roleTitle: string };

function compose(r: Recipient, subject: string, lines: string[]): Mail {
  const all = [r.firstName ? `Hi ${defangLinks(r.firstName)},` : 'Hi,', ...lines, `Open it: ${r.url}`];
  return {
    to: r.to,
    subject,
    text: `${all.join('\n\n')}\n\n${BRAND.name}`,
    html: layout(subject, all.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}

const d = defangLinks;
const money = (amountMinor: number, currency: Currency) => formatMoney(amountMinor, currency);

export function offerMail(r: Recipient, p: Party, opts: { newVersion: boolean; summary: string }): Mail {
  return opts.newVersion
    ? compose(r, `${d(p.companyName)} proposes new terms for ${d(p.roleTitle)}`, [
        `${d(p.companyName)} proposes new terms for your engagement as ${d(p.roleTitle)}: ${opts.summary}.`,
        'The terms you accepted stay in force until you accept the new ones. You see the fee and your net before you answer.',
      ])
    : compose(r, `${d(p.companyName)} made you an offer: ${d(p.roleTitle)}`, [
        `${d(p.companyName)} offers you an engagement as ${d(p.roleTitle)}: ${opts.summary}.`,
        'You see the platform fee and your net before you accept or decline.',
      ]);
}

export function termsAnsweredMail(r: Recipient, p: Party, opts: { accepted: boolean; reason: string | null; newVersion: boolean }): Mail {
  const what = opts.newVersion ? 'the new terms' : 'your offer';
  if (opts.accepted) {
    return compose(r, `${d(p.freelancerName)} accepted ${what} for ${d(p.roleTitle)}`, [
      `${d(p.freelancerName)} accepted ${what} for ${d(p.roleTitle)}. ${opts.newVersion ? 'They are in force now.' : 'The engagement has started.'}`,
    ]);
  }
  return compose(r, `${d(p.freelancerName)} declined ${what} for ${d(p.roleTitle)}`, [
    `${d(p.freelancerName)} declined ${what} for ${d(p.roleTitle)}.${opts.newVersion ? ' The terms accepted before stay in force.' : ''}`,
    `Their reason: ${d(opts.reason ?? '')}`,
  ]);
}

/** The freelancer's own copy of their answer. */
export function termsAnsweredSelfMail(r: Recipient, p: Party, opts: { accepted: boolean; newVersion: boolean }): Mail {
  const what = opts.newVersion ? 'the new terms' : 'the offer';
  return compose(r, `You ${opts.accepted ? 'accepted' : 'declined'} ${what} from ${d(p.companyName)}`, [
    opts.accepted
      ? `You accepted ${what} from ${d(p.companyName)} for ${d(p.roleTitle)}. They are fixed now; any change needs your acceptance again.`
      : `You declined ${what} from ${d(p.companyName)} for ${d(p.roleTitle)}. We told them.`,
  ]);
}

type Week = { weekStart: string; totalQuarterHours: number; amountMinor: number; currency: Currency };

export function weekSubmittedMail(r: Recipient, p: Party, w: Week & { autoApproveAt: Date; zone: string }): Mail {
  const deadline = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: w.zone }).format(w.autoApproveAt);
  return compose(r, `${d(p.freelancerName)} submitted the week of ${w.weekStart}`, [
    `${d(p.freelancerName)} submitted ${formatQuarterHours(w.totalQuarterHours)} hours for the week of ${w.weekStart} (${d(p.roleTitle)}), ${money(w.amountMinor, w.currency)}.`,
    `Approve it or query a line. If you do not answer, it is approved automatically on ${deadline} (${w.zone}).`,
  ]);
}

export function weekQueriedMail(r: Recipient, p: Party, w: { weekStart: string; reason: string; days: string[] }): Mail {
  return compose(r, `${d(p.companyName)} queried your week of ${w.weekStart}`, [
    `${d(p.companyName)} has a question about ${w.days.join(', ')} in your week of ${w.weekStart} (${d(p.roleTitle)}).`,
    `Their reason: ${d(w.reason)}`,
    'Edit the week and submit it again.',
  ]);
}

export function weekApprovedMail(
  r: Recipient,
  p: Party,
  w: Week & { by: 'company' | 'automatic'; recipient: 'company' | 'freelancer' },
): Mail {
  const hours = `${formatQuarterHours(w.totalQuarterHours)} hours, ${money(w.amountMinor, w.currency)}`;
  const how =
    w.by === 'automatic' ? 'was approved automatically (no answer within 3 business days)' : `was approved by ${d(p.companyName)}`;
  return w.recipient === 'freelancer'
    ? compose(r, `Your week of ${w.weekStart} was approved`, [`Your week of ${w.weekStart} for ${d(p.roleTitle)} ${how}: ${hours}.`])
    : compose(r, `The week of ${w.weekStart} was approved`, [
        `${d(p.freelancerName)}'s week of ${w.weekStart} for ${d(p.roleTitle)} ${w.by === 'automatic' ? 'was approved automatically: you did not answer within 3 business days' : 'was approved'} (${hours}).`,
      ]);
}

export function reminderMail(r: Recipient, p: Party, weekStart: string): Mail {
  return compose(r, `Your timesheet for the week of ${weekStart}`, [
    `Today is the last day of the week of ${weekStart}, and nothing was submitted for ${d(p.roleTitle)} with ${d(p.companyName)} yet.`,
    'Log your hours and submit the week so it can be approved.',
  ]);
}

type M = { title: string; amountMinor: number; currency: Currency };

export function milestoneFundedMail(r: Recipient, p: Party, m: M): Mail {
  return compose(r, `${d(p.companyName)} funded the milestone ${d(m.title)}`, [
    `${d(p.companyName)} funded the milestone ${d(m.title)} (${money(m.amountMinor, m.currency)}) of ${d(p.roleTitle)}. You can start on it and submit it when it is done.`,
  ]);
}

export function milestoneSubmittedMail(r: Recipient, p: Party, m: M & { autoApproveAt: Date }): Mail {
  return compose(r, `${d(p.freelancerName)} submitted the milestone ${d(m.title)}`, [
    `${d(p.freelancerName)} submitted the milestone ${d(m.title)} (${money(m.amountMinor, m.currency)}) of ${d(p.roleTitle)}.`,
    `Approve it or ask for changes. If you do not answer, it is approved automatically on ${m.autoApproveAt.toISOString().slice(0, 10)}.`,
  ]);
}

export function milestoneChangesMail(r: Recipient, p: Party, m: M & { reason: string }): Mail {
  return compose(r, `${d(p.companyName)} asked for changes to ${d(m.title)}`, [
    `${d(p.companyName)} asked for changes to the milestone ${d(m.title)} of ${d(p.roleTitle)}.`,
    `Their reason: ${d(m.reason)}`,
  ]);
}

export function milestoneApprovedMail(
  r: Recipient,
  p: Party,
  m: M & { by: 'company' | 'automatic'; recipient: 'company' | 'freelancer' },
): Mail {
  const how = m.by === 'automatic' ? 'was approved automatically (no answer within 7 days)' : 'was approved';
  return compose(r, `The milestone ${d(m.title)} ${m.by === 'automatic' ? 'was approved automatically' : 'was approved'}`, [
    `The milestone ${d(m.title)} (${money(m.amountMinor, m.currency)}) of ${d(p.roleTitle)} ${how}.`,
    m.recipient === 'freelancer' ? 'Its funds are released to you.' : 'Its funds are released to the freelancer.',
  ]);
}

/** The engagement ended on its end date (issue 35): to both sides. */
export function engagementEndedMail(r: Recipient, p: Party, opts: { endDate: string }): Mail {
  return compose(r, `The engagement ${d(p.roleTitle)} has ended`, [
    `The engagement ${d(p.roleTitle)} between ${d(p.companyName)} and ${d(p.freelancerName)} ended on ${opts.endDate}.`,
    'Its last week or milestone is submitted, approved and invoiced as usual. Once work is approved you can review each other.',
  ]);
}

const sideName = (p: Party, by: 'company' | 'freelancer') => (by === 'company' ? d(p.companyName) : d(p.freelancerName));

/** Notice was given (issue 35): to both sides, with the end date. */
export function noticeGivenMail(
  r: Recipient,
  p: Party,
  opts: { by: 'company' | 'freelancer'; self: boolean; endDate: string; noticeDays: number },
): Mail {
  const who = opts.self ? 'You' : sideName(p, opts.by);
  return compose(r, `Notice given: ${d(p.roleTitle)} ends on ${opts.endDate}`, [
    `${who} gave notice to end the engagement ${d(p.roleTitle)} (${opts.noticeDays} days' notice). Its last day is ${opts.endDate}.`,
    'Work goes on as usual until then. An earlier end is possible only if both of you accept it.',
  ]);
}

/** One side proposes an earlier end (issue 35): to the other side, who accepts or declines. */
export function earlyEndProposedMail(
  r: Recipient,
  p: Party,
  opts: { by: 'company' | 'freelancer'; date: string; current: string | null },
): Mail {
  return compose(r, `${sideName(p, opts.by)} proposes to end ${d(p.roleTitle)} on ${opts.date}`, [
    `${sideName(p, opts.by)} proposes to end the engagement ${d(p.roleTitle)} on ${opts.date}${opts.current ? ` instead of ${opts.current}` : ''}.`,
    'It changes only if you accept. You can accept or decline it on the engagement.',
  ]);
}

/** The answer to an earlier end (issue 35): to both sides. */
export function earlyEndAnsweredMail(
  r: Recipient,
  p: Party,
  opts: { by: 'company' | 'freelancer'; self: boolean; accepted: boolean; date: string; endDate: string | null },
): Mail {
  const who = opts.self ? 'You' : sideName(p, opts.by);
  return opts.accepted
    ? compose(r, `${d(p.roleTitle)} ends on ${opts.date}`, [
        `${who} accepted ending the engagement ${d(p.roleTitle)} on ${opts.date}. That is its last day now.`,
      ])
    : compose(r, `The earlier end of ${d(p.roleTitle)} was declined`, [
        `${who} declined ending the engagement ${d(p.roleTitle)} on ${opts.date}.`,
        opts.endDate ? `It ends on ${opts.endDate} as before.` : 'It goes on as before.',
      ]);
}

export function invoiceIssuedMail(r: Recipient, p: Party, inv: { what: string; amountMinor: number; currency: Currency }): Mail {
  return compose(r, `Invoice issued: ${d(p.roleTitle)}`, [
    `An invoice of ${money(inv.amountMinor, inv.currency)} for ${inv.what} (${d(p.roleTitle)}, ${d(p.freelancerName)}) was issued to ${d(p.companyName)}.`,
    'You can open and download it with your documents.',
  ]);
}
