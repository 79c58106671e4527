import type { Currency } from '@talentloop/contract/rules/money';
import type { Tx } from '../../infra/db/client.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import { companySnapshot } from '../billing/service.ts';
import { type Party, invoiceIssuedMail } from './mails.ts';
import type { EngagementRow } from './queries.ts';
import type { Urls } from './service.ts';

/**
 * The invoice-issued notice to the company (issue 34): to its proven billing email (the invoice's
 * own recipient), else to its owner's proven address. An invoice is a document the company must
 * know of: it is sent whatever the mail choices, but only to a proven address.
 */
export async function invoiceMailFor(
  tx: Tx,
  e: EngagementRow,
  urls: Urls,
  party: Party & { owner: { to: string; firstName: string } | null },
  inv: { what: string; amountMinor: number; currency: Currency },
): Promise<Mail | null> {
  return invoiceMailTo((await companySnapshot(tx, e.companyId))?.email, urls, party, inv);
}

/** The same notice when the company's billing email is already known (a batch read the snapshots). */
export function invoiceMailTo(
  billingEmail: string | undefined,
  urls: Urls,
  party: Party & { owner: { to: string; firstName: string } | null },
  inv: { what: string; amountMinor: number; currency: Currency },
): Mail | null {
  const to = billingEmail ?? party.owner?.to;
  if (!to) return null;
  return invoiceIssuedMail({ to, firstName: party.owner?.firstName ?? '', url: urls.company }, party, inv);
}
