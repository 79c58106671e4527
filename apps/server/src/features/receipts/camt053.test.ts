import { describe, expect, it } from 'vitest';
import { SAMPLE_IBAN, statementXml } from '../../../test/fixtures/camt053/statement.ts';
import { StatementError, configuredAccounts, parseCamt053 } from './camt053.ts';

// Reading camt.053 (issue 35): the sample statement written after the standard's published example,
// and each way a statement is refused, naming the line.

const accounts = configuredAccounts({ iban: SAMPLE_IBAN });
const good = statementXml({ date: '2026-11-27', amount: '1150.00', ref: 'tl-abcd efgh k', closing: '1161.50' });
const refused = (xml: string, acc = accounts) => {
  try {
    parseCamt053(xml, acc, '2026-11-28');
  } catch (err) {
    if (err instanceof StatementError) return err.message;
    throw err;
  }
  throw new Error('the statement was accepted');
};

describe('parseCamt053', () => {
  it('reads the statement, its closing balance and its credit lines (debits left out)', () => {
    const parsed = parseCamt053(good, accounts, '2026-11-28');
    expect(parsed).toMatchObject({
      account: 'DE89370400440532013000',
      statementRef: 'STMT-2026-11-27',
      currency: 'EUR',
      closingMinor: 116_150,
      closingOn: '2026-11-27',
    });
    expect(parsed.lines).toEqual([
      {
        lineKey: 'camt053:DE89370400440532013000:ref:STMT-2026-11-27-0001',
        position: 1,
        bookedOn: '2026-11-27',
        currency: 'EUR',
        amountMinor: 115_000,
        remittance: 'tl-abcd efgh k',
        payerName: 'Globex GmbH',
      },
      expect.objectContaining({ position: 2, amountMinor: 1_250, remittance: 'Thanks for the help', payerName: 'Unknown Payer Ltd' }),
    ]);
  });

  it('gives the same line keys for the same statement every time', () => {
    const keys = (xml: string) => parseCamt053(xml, accounts, '2026-11-28').lines.map((l) => l.lineKey);
    expect(keys(good)).toEqual(keys(good));
  });

  it('reads any published version of camt.053 and a local account number', () => {
    const v02 = good
      .replaceAll('camt.053.001.08', 'camt.053.001.02')
      .replace('<IBAN>DE89370400440532013000</IBAN>', '<Othr><Id>50100012345678</Id></Othr>');
    expect(parseCamt053(v02, configuredAccounts({ accountNumber: '50100012345678' }), '2026-11-28').lines).toHaveLength(2);
  });

  it('refuses what is not a camt.053 statement', () => {
    expect(refused('<html><body>hello</body></html>')).toMatch(/not a camt\.053/);
    expect(refused(good.replaceAll('camt.053.001.08', 'camt.052.001.08'))).toMatch(/not a camt\.053/);
    expect(refused('<Document><BkToCstmrStmt>')).toMatch(/not well-formed XML/);
    expect(refused('name,amount\nx,1')).toMatch(/not a camt\.053|not well-formed/);
  });

  it('refuses another account, and any statement when none is configured', () => {
    expect(refused(good.replace('DE89370400440532013000', 'GB29NWBK60161331926819'))).toMatch(
      /for the account GB29NWBK60161331926819, not the configured account/,
    );
    expect(refused(good, [])).toMatch(/No bank account is configured/);
  });

  it('refuses a negative or malformed amount, naming the line', () => {
    expect(refused(statementXml({ date: '2026-11-27', amount: '-5.00', ref: 'x' }))).toBe(
      'Entry 1 (STMT-2026-11-27-0001): the amount -5.00 is negative.',
    );
    expect(refused(statementXml({ date: '2026-11-27', amount: '12,50', ref: 'x' }))).toBe(
      'Entry 1 (STMT-2026-11-27-0001): the amount “12,50” is not a number.',
    );
    expect(refused(statementXml({ date: '2026-11-27', amount: '1.005', ref: 'x' }))).toMatch(
      /^Entry 1 \(STMT-2026-11-27-0001\): the amount 1\.005 EUR cannot be read/,
    );
  });

  it('refuses a future booking date, an unknown currency and a duplicate line, naming the line', () => {
    expect(refused(statementXml({ date: '2026-11-29', amount: '1.00', ref: 'x' }))).toMatch(
      /^(Entry 1 \(STMT-2026-11-27-0001\): the booking date 2026-11-29 is in the future\.)$/,
    );
    expect(
      refused(good.replace('<Amt Ccy="EUR">12.50</Amt>\n        <CdtDbtInd>', '<Amt Ccy="JPY">12.50</Amt>\n        <CdtDbtInd>')),
    ).toMatch(/^Entry 2 \(STMT-2026-11-27-0002\): the currency JPY is not one we invoice in/);
    expect(refused(good.replace('STMT-2026-11-27-0002', 'STMT-2026-11-27-0001'))).toBe(
      'Entry 2 (STMT-2026-11-27-0001): the same line as entry 1 (a duplicate line).',
    );
  });
});
