import { describe, expect, it } from 'vitest';
import { StatementError } from './camt053.ts';
import { parseCsvStatement, readCsv } from './csv.ts';

// CSV statements with a column mapping (issue 35): RFC 4180 fields, the mapping by header, and each
// refusal naming its row.

const mapping = { date: 'Booking date', amount: 'Amount', currency: 'Currency', reference: 'Details', payer: 'Payer', lineId: 'Id' };
const accounts = ['DE89370400440532013000'];
const csv = [
  'Id,Booking date,Amount,Currency,Payer,Details',
  'A1,2026-11-27,400.00,EUR,"Globex, GmbH","payment TL 1234 5678 X"',
  'A2,2026-11-27,12.5,eur,Someone,"Said ""thanks"""',
  '',
].join('\r\n');
const refused = (text: string) => {
  try {
    parseCsvStatement(text, mapping, accounts, '2026-11-28');
  } catch (err) {
    if (err instanceof StatementError) return err.message;
    throw err;
  }
  throw new Error('the statement was accepted');
};

describe('CSV statements', () => {
  it('reads quoted fields with commas and doubled quotes', () => {
    expect(readCsv('a,"b,c","d ""e"""\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });

  it('reads each row through the mapping, with stable line keys', () => {
    const parsed = parseCsvStatement(csv, mapping, accounts, '2026-11-28');
    expect(parsed.lines).toEqual([
      {
        lineKey: 'csv:DE89370400440532013000:ref:A1',
        position: 1,
        bookedOn: '2026-11-27',
        currency: 'EUR',
        amountMinor: 40_000,
        remittance: 'payment TL 1234 5678 X',
        payerName: 'Globex, GmbH',
      },
      expect.objectContaining({ position: 2, currency: 'EUR', amountMinor: 1_250, remittance: 'Said "thanks"' }),
    ]);
    expect(parseCsvStatement(csv, mapping, accounts, '2026-11-28').statementRef).toBe(parsed.statementRef);
  });

  it('refuses a missing column, a bad date, a future date, a negative amount, an unknown currency and a duplicate, naming the row', () => {
    expect(refused(csv.replace('Details', 'Text'))).toMatch(/^The CSV has no column “Details” \(the reference\)/);
    expect(refused(csv.replace('A1,2026-11-27', 'A1,27/11/2026'))).toBe('Row 2 (A1): the date “27/11/2026” is not a date (YYYY-MM-DD).');
    expect(refused(csv.replace('A1,2026-11-27', 'A1,2026-11-29'))).toBe('Row 2 (A1): the date 2026-11-29 is in the future.');
    expect(refused(csv.replace('400.00', '-400.00'))).toBe('Row 2 (A1): the amount -400.00 is negative.');
    expect(refused(csv.replace('eur', 'XYZ'))).toMatch(/^Row 3 \(A2\): the currency XYZ is not one we invoice in/);
    expect(refused(csv.replace('A2,', 'A1,'))).toBe('Row 3 (A1): the same line as row 2 (a duplicate line).');
    expect(refused('')).toBe('The CSV is empty.');
  });
});
