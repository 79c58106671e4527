import crypto from 'node:crypto';
import type { CsvMapping } from '@talentloop/contract/api/receipts';
import { isCalendarDay } from '@talentloop/contract/rules/calendar-day';
import { type ParsedStatement, StatementError, type StatementLine, readAmount } from './camt053.ts';

// A bank statement as CSV with a column mapping (issue 35, decision 211): RFC 4180 (quoted fields,
// doubled quotes, CRLF or LF), a header row naming the columns, one receipt per row. Dates are
// YYYY-MM-DD; amounts plain positive decimals (a negative one is refused like camt.053's). A CSV
// names no account: it is taken as the configured account's. Its identity is the digest of its text;
// a line's, the bank's line id when mapped, else a digest of its content.

/** The rows of an RFC 4180 text (the last empty line dropped). */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new StatementError('The CSV ends inside a quoted field.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

export function parseCsvStatement(text: string, mapping: CsvMapping, accounts: readonly string[], today: string): ParsedStatement {
  const account = accounts[0];
  if (!account)
    throw new StatementError(
      'No bank account is configured (BANK_IBAN or BANK_ACCOUNT_NUMBER), so no statement can be checked against it.',
    );
  const [header, ...rows] = readCsv(text.replace(/^\uFEFF/, ''));
  if (!header) throw new StatementError('The CSV is empty.');
  const names = header.map((h) => h.trim().toLowerCase());
  const column = (name: string | undefined, what: string, required: boolean): number => {
    if (!name) return -1;
    const at = names.indexOf(name.trim().toLowerCase());
    if (at < 0 && required) throw new StatementError(`The CSV has no column “${name}” (the ${what}). Its columns: ${header.join(', ')}.`);
    return at;
  };
  const cols = {
    date: column(mapping.date, 'date', true),
    amount: column(mapping.amount, 'amount', true),
    currency: column(mapping.currency, 'currency', true),
    reference: column(mapping.reference, 'reference', true),
    payer: column(mapping.payer, 'payer', !!mapping.payer),
    lineId: column(mapping.lineId, 'line id', !!mapping.lineId),
  };
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const position = i + 1;
    const cell = (at: number) => (at >= 0 ? (row[at] ?? '').trim() : '');
    const bankRef = cell(cols.lineId);
    const where = `Row ${position + 1}${bankRef ? ` (${bankRef})` : ''}`;
    const bookedOn = cell(cols.date);
    if (!isCalendarDay(bookedOn)) throw new StatementError(`${where}: the date “${bookedOn}” is not a date (YYYY-MM-DD).`);
    if (bookedOn > today) throw new StatementError(`${where}: the date ${bookedOn} is in the future.`);
    const { amountMinor, currency } = readAmount(cell(cols.amount), cell(cols.currency).toUpperCase(), where);
    const remittance = cell(cols.reference).slice(0, 500);
    const payerName = cell(cols.payer).slice(0, 140);
    const identity = bankRef
      ? `ref:${bankRef}`
      : `digest:${crypto
          .createHash('sha256')
          .update(JSON.stringify([bookedOn, currency, amountMinor, remittance, payerName]))
          .digest('hex')}`;
    const lineKey = `csv:${account}:${identity}`;
    const first = seen.get(lineKey);
    if (first !== undefined) throw new StatementError(`${where}: the same line as row ${first + 1} (a duplicate line).`);
    seen.set(lineKey, position);
    lines.push({ lineKey, position, bookedOn, currency, amountMinor, remittance, payerName });
  });
  const statementRef = `sha256:${crypto.createHash('sha256').update(text).digest('hex')}`;
  return { account, statementRef, currency: null, closingMinor: null, closingOn: null, lines };
}
