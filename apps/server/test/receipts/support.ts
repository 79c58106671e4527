import { benchStatementXml } from '../../src/features/bench/money-seed.ts';
import { IMPORT_CHUNK } from '../../src/features/receipts/service.ts';
import { withMailbox } from '../company/documents-support.ts';
import { SAMPLE_IBAN } from '../fixtures/camt053/statement.ts';
import type { TestApp, useApi } from '../helpers.ts';

// The receipts tests' shared set-up: an app with the platform's client-money account configured
// (statements are imported to SAMPLE_IBAN), and a generated statement of a few chunks.

/** The platform's bank account the tests' statements are made out to. */
export const BANK = {
  accountName: 'Talentloop Client Money',
  bankName: 'Commerzbank',
  iban: SAMPLE_IBAN,
  accountNumber: undefined,
  ifsc: undefined,
  swift: 'COBADEFFXXX',
};

/** An app with client accounts on and the platform's bank account configured, its mailbox registered (withMailbox). */
export async function startWithBank(env: ReturnType<typeof useApi>): Promise<TestApp> {
  return withMailbox(await env.start({ config: { clientAccounts: true, bank: BANK } }), env.mailbox);
}

/** Lines of the generated statement: two whole chunks and a part. */
export const LINES = IMPORT_CHUNK * 2 + 5;

/** The app's today, as a statement's booking date. */
export const today = (app: TestApp) => app.clock.now().toISOString().slice(0, 10);

/** A camt.053 statement of `lines` credit lines to the configured account, booked today (the bench's generator). */
export const generatedStatement = (app: TestApp, statementRef: string, lines = LINES) =>
  benchStatementXml({ iban: SAMPLE_IBAN.replaceAll(' ', ''), day: today(app), lines, statementRef });
