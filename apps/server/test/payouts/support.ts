import { recordReceipt } from '@talentloop/contract/api/receipts';
import {
  type PayoutDetailsFields,
  confirmPayoutDetailsChange,
  getPayoutDetails,
  requestPayoutDetailsChange,
} from '@talentloop/contract/api/payouts';
import { type Currency, splitFee, toMajorString } from '@talentloop/contract/rules/money';
import type { LedgerAccount } from '@talentloop/contract/rules/ledger-accounts';
import { seedPayables as seedBenchPayables } from '../../src/features/bench/money-seed.ts';
import { balanceOf } from '../../src/features/ledger/service.ts';
import { withMailbox } from '../company/documents-support.ts';
import { hourlyTerms, invoicedEngagement } from '../engagements/support.ts';
import { type TestApp, call, okBody, outboxFor, type useApi } from '../helpers.ts';

// Payouts (issue 35): an app with the platform's paying account configured, money made payable
// through the real invoice path, payout details saved through the mailed code.

export const PLATFORM_BANK = {
  accountName: 'Talentloop Client Money',
  bankName: 'Commerzbank',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  accountNumber: undefined,
  ifsc: undefined,
};

export async function startPayoutApp(env: ReturnType<typeof useApi>): Promise<TestApp> {
  return withMailbox(await env.start({ config: { clientAccounts: true, bank: PLATFORM_BANK } }), env.mailbox);
}

/**
 * Money payable to a freelancer (the one place tests make it): an hourly engagement in `currency`,
 * a week of 8 hours at 80.00 approved, and its invoice paid in full by a receipt an operator
 * records with its payment reference; paid and approved, the net is released to freelancer_payable
 * at once (decision 212).
 */
export async function makePayable(app: TestApp, currency: Currency = 'EUR') {
  const s = await invoicedEngagement(app, hourlyTerms(app, { currency, rateMinor: 8_000 }), [32]);
  const { invoice } = s;
  okBody(
    await call(
      app,
      recordReceipt,
      {
        body: {
          bookedOn: app.clock.now().toISOString().slice(0, 10),
          currency,
          amount: toMajorString(invoice.grossMinor, currency),
          bankReference: `payable-${invoice.paymentReference}`,
          remittance: invoice.paymentReference,
        },
      },
      { token: s.operator.accessToken },
    ),
  );
  return { ...s, currency, netMinor: splitFee(64_000, currency).net };
}

export const ibanDetails = (over: Partial<PayoutDetailsFields> = {}): PayoutDetailsFields =>
  ({
    method: 'iban',
    accountHolder: 'Asha Rao',
    iban: 'FR14 2004 1010 0505 0001 3M02 606',
    bic: 'PSSTFRPPLIL',
    ...over,
  }) as PayoutDetailsFields;

export const indiaDetails = (over: Partial<PayoutDetailsFields> = {}): PayoutDetailsFields =>
  ({ method: 'india', accountHolder: 'Asha Rao', accountNumber: '50100123456789', ifsc: 'HDFC0001234', ...over }) as PayoutDetailsFields;

/** The newest payout-details code queued for `email`. */
export async function payoutCodeFor(app: TestApp, email: string): Promise<string> {
  const mails = await outboxFor(app.db, email);
  for (const mail of mails.reverse()) {
    const match = /confirm the change to your payout details: (\d{5})/.exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no payout details code for ${email}`);
}

/** Saves payout details the whole way: ask for the code, enter it. */
export async function savePayoutDetails(app: TestApp, user: { token: string; email: string }, details: PayoutDetailsFields) {
  const { version } = okBody(await call(app, getPayoutDetails, {}, { token: user.token }));
  okBody(await call(app, requestPayoutDetailsChange, { body: { details, version } }, { token: user.token }));
  const otp = await payoutCodeFor(app, user.email);
  return okBody(await call(app, confirmPayoutDetailsChange, { body: { otp, version } }, { token: user.token }));
}

/** A freelancer's balance on an account in a currency (debit positive). */
export const balance = (app: TestApp, freelancerId: string, account: LedgerAccount, currency: Currency) =>
  balanceOf(app.db, { freelancerId }, account, currency);

/**
 * `count` freelancers, each with IBAN payout details and EUR payable (one seeded journal entry each:
 * the company's receivable against their payable and the fee), by set-based SQL: the bench's own
 * seeding (features/bench/money-seed.ts), for the scale test.
 */
export const seedPayables = (app: TestApp, count: number): Promise<void> => seedBenchPayables(app.db, count);
