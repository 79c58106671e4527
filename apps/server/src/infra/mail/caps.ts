import { MAIL_CAPS, MAIL_CAP_WINDOW_MS, type MailCap, type MailPurpose, mailCapMessage } from '@talentloop/contract/mail-caps';
import { AppError } from '../../http/app-error.ts';
import { hitCounter } from '../counters.ts';
import type { DbOrTx } from '../db/client.ts';
import type { Mail } from './mailer.ts';
import { enqueueMail } from './outbox.ts';

// The one place the mail caps (contract mail-caps.ts) are enforced. Counted in the database's
// counters table inside the caller's transaction: an action that is refused, or fails later,
// counts nothing; two instances (or two requests at once) add to the same row one after another.

const counterKey = (purpose: string, scope: 'account' | 'to', id: string) => `mail:${purpose}:${scope}:${id}`;

/**
 * Counts one mail of `purpose` for `account` to `to`. Past a cap: throws TL_CORE_12001_E (the
 * account's) or TL_CORE_12002_E (the address's) with the limit's message, or, for mail to the
 * operators (notifyOnly), answers false (not to be sent). A follow-up mail (countedWith) was
 * counted with its first mail.
 */
export async function guardMail(
  tx: DbOrTx,
  purpose: MailPurpose,
  opts: { account?: string | null; to: string; now: Date },
): Promise<boolean> {
  const cap: MailCap = MAIL_CAPS[purpose];
  if (cap.countedWith) return true;
  const over = async (scope: 'account' | 'to', id: string, max: number) =>
    (await hitCounter(tx, counterKey(purpose, scope, id), MAIL_CAP_WINDOW_MS, opts.now)) > max;
  if (cap.perAccountPerHour !== null && opts.account && (await over('account', opts.account, cap.perAccountPerHour))) {
    if (cap.notifyOnly) return false;
    throw new AppError('TL_CORE_12001_E', mailCapMessage(purpose, 'account'));
  }
  if (cap.perRecipientPerHour !== null && (await over('to', opts.to.trim().toLowerCase(), cap.perRecipientPerHour))) {
    if (cap.notifyOnly) return false;
    throw new AppError('TL_CORE_12002_E', mailCapMessage(purpose, 'recipient'));
  }
  return true;
}

/** Queues `mail` in the caller's transaction if its caps and the recipient rule allow (guardMail, enqueueMail); true when queued. */
export async function enqueueCappedMail(
  tx: DbOrTx,
  purpose: MailPurpose,
  mail: Mail,
  opts: { account?: string | null; now: Date },
): Promise<boolean> {
  if (!(await guardMail(tx, purpose, { account: opts.account, to: mail.to, now: opts.now }))) return false;
  return enqueueMail(tx, mail, opts.now);
}
