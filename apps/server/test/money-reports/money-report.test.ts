import { downloadMoneyReportCsv, getMoneyReport } from '@talentloop/contract/api/money-reports';
import { createPayoutBatch, getPayoutBatch, markPayoutPaid, sendPayoutBatch } from '@talentloop/contract/api/payouts';
import { importStatement } from '@talentloop/contract/api/receipts';
import { splitFee, toMajorString } from '@talentloop/contract/rules/money';
import { describe, expect, test } from 'vitest';
import { accountBalance } from '../../src/features/ledger/service.ts';
import { approvedWeekInvoice, engaged, hourlyTerms } from '../engagements/support.ts';
import { statementXml } from '../fixtures/camt053/statement.ts';
import { type TestApp, call, expectFailure, okBody, useApi } from '../helpers.ts';
import { ibanDetails, savePayoutDetails, startPayoutApp } from '../payouts/support.ts';

// The money report (issue 35 'Reports', decision 251): after a full cycle (an invoice, its receipt
// imported from a statement, its release, a payout batch paid and the bank's statement of it), the
// report's figures are the cycle's amounts to the cent and the ledger's cash agrees with the
// statement (difference zero); a period without the cycle shows none of it; operators only.

const env = useApi();

const day = (app: TestApp, offsetDays = 0) => new Date(app.clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The sample statement with one entry only (the sample's second credit and its bank fee removed), a credit or a debit. */
function oneEntryStatement(opts: { stmt: string; date: string; amount: string; ref: string; closing: string; debit?: boolean }) {
  const xml = statementXml(opts).replace(
    /<Ntry>\s*<NtryRef>0002<\/NtryRef>[\s\S]*?<\/Ntry>\s*<Ntry>\s*<NtryRef>0003<\/NtryRef>[\s\S]*?<\/Ntry>/,
    '',
  );
  if (!opts.debit) return xml;
  const [head, entry = '', ...rest] = xml.split(/(?=<Ntry>)|(?<=<\/Ntry>)/);
  return [head, entry.replaceAll('<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>DBIT</CdtDbtInd>'), ...rest].join('');
}

describe('the money report', () => {
  test('after a full cycle its figures are the cycle’s to the cent and the difference is zero; a period filter; operators only', async () => {
    const app = await startPayoutApp(env);
    const s = await engaged(app, hourlyTerms(app, { currency: 'EUR', rateMinor: 8_000 }));
    const op = { token: s.operator.accessToken };
    const today = day(app);

    // Nothing yet: no row.
    expect(okBody(await call(app, getMoneyReport, { query: { from: today, to: today } }, op)).rows).toEqual([]);

    // An approved week's invoice.
    const invoice = await approvedWeekInvoice(app, s, [32]);
    const gross = invoice.grossMinor;
    const { net, fee } = splitFee(gross, 'EUR');
    expect(net + fee).toBe(gross);

    // Its payment on the bank's statement, imported: received, and released at once (approved and paid).
    okBody(
      await call(
        app,
        importStatement,
        {
          body: {
            format: 'camt053',
            content: oneEntryStatement({
              stmt: 'REPORT-IN',
              date: today,
              amount: toMajorString(gross, 'EUR'),
              ref: invoice.paymentReference,
              closing: toMajorString(gross, 'EUR'),
            }),
          },
        },
        op,
      ),
    );

    // Paid out in a batch, and the bank's statement of the payout.
    await savePayoutDetails(app, { token: s.f.token, email: s.f.email }, ibanDetails());
    const { batch } = okBody(await call(app, createPayoutBatch, { body: {} }, op));
    const sent = okBody(await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: batch.version } }, op)).batch;
    const lines = okBody(await call(app, getPayoutBatch, { params: { batchId: sent.id } }, op)).lines;
    expect(lines.map((l) => l.amountMinor)).toEqual([net]);
    for (const line of lines) okBody(await call(app, markPayoutPaid, { params: { lineId: line.id }, body: { paidOn: today } }, op));
    okBody(
      await call(
        app,
        importStatement,
        {
          body: {
            format: 'camt053',
            content: oneEntryStatement({
              stmt: 'REPORT-OUT',
              date: today,
              amount: toMajorString(net, 'EUR'),
              ref: `Payout ${batch.id}`,
              closing: toMajorString(fee, 'EUR'),
              debit: true,
            }),
          },
        },
        op,
      ),
    );

    const report = okBody(await call(app, getMoneyReport, { query: { from: today, to: today } }, op));
    expect(report.rows).toEqual([
      {
        currency: 'EUR',
        receivedMinor: gross,
        releasedMinor: net,
        feesMinor: fee,
        paidOutMinor: net,
        heldMinor: fee,
        ledgerCashMinor: fee,
        statementBalanceMinor: fee,
        statementOn: today,
        differenceMinor: 0,
      },
    ]);
    expect(await accountBalance(app.db, 'cash_at_bank')).toEqual([{ currency: 'EUR', balanceMinor: fee }]);

    // A period before the cycle: nothing moved in it, nothing held at its end, no statement by then.
    const earlier = okBody(await call(app, getMoneyReport, { query: { from: day(app, -30), to: day(app, -1) } }, op));
    expect(earlier.rows).toEqual([]);
    // A period that ends today and starts long before: the same flows.
    const wide = okBody(await call(app, getMoneyReport, { query: { from: day(app, -30), to: today } }, op));
    expect(wide.rows[0]).toMatchObject({ receivedMinor: gross, paidOutMinor: net, differenceMinor: 0 });
    // A period after it: nothing moved, but the balances at its end are the same.
    const later = okBody(await call(app, getMoneyReport, { query: { from: day(app, 1), to: day(app, 2) } }, op));
    expect(later.rows).toEqual([
      expect.objectContaining({ receivedMinor: 0, releasedMinor: 0, feesMinor: 0, paidOutMinor: 0, heldMinor: fee, differenceMinor: 0 }),
    ]);

    // The CSV: the same figures in major units.
    const csv = await call(app, downloadMoneyReportCsv, { query: { from: today, to: today } }, op);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain('Currency,Received,Released,Fees earned,Paid out,Held at end');
    expect(text).toContain(
      `${today},${today},EUR,${toMajorString(gross, 'EUR')},${toMajorString(net, 'EUR')},${toMajorString(fee, 'EUR')},${toMajorString(net, 'EUR')},${toMajorString(fee, 'EUR')}`,
    );

    // A backwards or malformed period is refused; a freelancer or a company is refused.
    expectFailure(await call(app, getMoneyReport, { query: { from: today, to: day(app, -1) } }, op), 400, 'TL_CORE_00400_E');
    expectFailure(await call(app, getMoneyReport, { query: { from: '2026-02-30', to: today } }, op), 400, 'TL_CORE_00400_E');
    for (const token of [s.f.token, s.company.token]) {
      expectFailure(await call(app, getMoneyReport, { query: { from: today, to: today } }, { token }), 403, 'TL_CORE_00403_E');
      expectFailure(await call(app, downloadMoneyReportCsv, { query: { from: today, to: today } }, { token }), 403, 'TL_CORE_00403_E');
    }
  });
});
