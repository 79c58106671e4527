import crypto from 'node:crypto';
import { CURRENCIES, type Currency, parseAmount } from '@talentloop/contract/rules/money';
import { isCalendarDay } from '@talentloop/contract/rules/calendar-day';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// Reading a bank statement (issue 35, decision 211): ISO 20022 camt.053 (BankToCustomerStatement,
// any published version: the namespace urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN) through
// fast-xml-parser. The statement is checked whole before anything is posted: a line that cannot be
// read is an error naming it ('Entry 3 (NtryRef …): …'), and nothing of the statement is imported.
// Only credit entries (CdtDbtInd CRDT) are receipts; debits (bank charges, payouts) are the payout
// side's and are counted only in the closing balance.

export type StatementLine = {
  /** The line's stable identity: the bank's reference (AcctSvcrRef, else NtryRef) within the account, else a digest of its content. */
  lineKey: string;
  /** 1-based position among the statement's entries, for errors. */
  position: number;
  bookedOn: string;
  currency: Currency;
  amountMinor: number;
  remittance: string;
  payerName: string;
};

export type ParsedStatement = {
  account: string;
  statementRef: string;
  currency: Currency | null;
  closingMinor: number | null;
  closingOn: string | null;
  lines: StatementLine[];
};

/** A statement that cannot be imported: the message names the line. */
export class StatementError extends Error {}

const CAMT053 = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/;

type Node = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const child = (v: unknown, ...keys: string[]): unknown => {
  let at: unknown = v;
  for (const k of keys) {
    if (Array.isArray(at)) at = at[0];
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Node)[k];
  }
  return Array.isArray(at) ? at[0] : at;
};
/** The text of an element (a string, or the #text of an element with attributes). */
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v).trim();
};

/** An account number compared as banks print it: no spaces, upper case. */
export const normaliseAccount = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** The configured account's identifiers (IBAN and/or local number), normalised. */
export function configuredAccounts(bank: { iban?: string | undefined; accountNumber?: string | undefined }): string[] {
  return [bank.iban, bank.accountNumber].filter((a): a is string => !!a?.trim()).map(normaliseAccount);
}

/** Reads an amount element into minor units of its currency: a plain positive decimal only (a balance may be zero). */
export function readAmount(
  raw: string,
  currencyText: string,
  where: string,
  zeroAllowed = false,
): { amountMinor: number; currency: Currency } {
  if (!CURRENCIES.includes(currencyText as Currency))
    throw new StatementError(`${where}: the currency ${currencyText || '(none)'} is not one we invoice in (${CURRENCIES.join(', ')}).`);
  const currency = currencyText as Currency;
  if (!/^\d+(\.\d+)?$/.test(raw)) {
    throw new StatementError(`${where}: the amount ${raw.startsWith('-') ? `${raw} is negative` : `“${raw}” is not a number`}.`);
  }
  if (zeroAllowed && /^0+(\.0+)?$/.test(raw)) return { amountMinor: 0, currency };
  const parsed = parseAmount(raw, currency);
  if ('error' in parsed) throw new StatementError(`${where}: the amount ${raw} ${currency} cannot be read: ${parsed.error}`);
  return { amountMinor: parsed.amountMinor, currency };
}

function readDate(v: unknown): string {
  const s = text(child(v, 'Dt')) || text(child(v, 'DtTm')).slice(0, 10);
  return s;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** The namespace the root Document element is in (its prefix's, or the default one), '' when none. */
function documentNamespace(xml: string): string {
  const root = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(xml);
  if (!root) return '';
  const attr = root[1] ? `xmlns:${root[1]}` : 'xmlns';
  const found = new RegExp(`\\s${attr.replace('.', '\\.')}\\s*=\\s*["']([^"']*)["']`).exec(root[2] ?? '');
  return found?.[1] ?? '';
}

/**
 * Parses a camt.053 statement of `accounts` (the configured account's identifiers) booked no later
 * than `today` (YYYY-MM-DD). Throws StatementError naming what is wrong.
 */
export function parseCamt053(xml: string, accounts: readonly string[], today: string): ParsedStatement {
  if (accounts.length === 0)
    throw new StatementError(
      'No bank account is configured (BANK_IBAN or BANK_ACCOUNT_NUMBER), so no statement can be checked against it.',
    );
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new StatementError(`This is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`);
  const doc = parser.parse(xml) as Node;
  const root = doc.Document as Node | undefined;
  const ns = documentNamespace(xml);
  const stmtRoot = root ? child(root, 'BkToCstmrStmt') : undefined;
  if (!root || !CAMT053.test(ns) || !stmtRoot) {
    throw new StatementError(
      'This is not a camt.053 bank statement (a Document in the namespace urn:iso:std:iso:20022:tech:xsd:camt.053.001.xx with BkToCstmrStmt).',
    );
  }
  const statements = asArray((stmtRoot as Node).Stmt);
  if (statements.length !== 1) throw new StatementError(`Import one statement at a time: this file holds ${statements.length}.`);
  const stmt = statements[0] as Node;
  const statementRef = text(child(stmt, 'Id'));
  if (!statementRef) throw new StatementError('The statement has no Id.');
  const acct = child(stmt, 'Acct', 'Id');
  const account = normaliseAccount(text(child(acct, 'IBAN')) || text(child(acct, 'Othr', 'Id')));
  if (!accounts.includes(account)) {
    throw new StatementError(`This statement is for the account ${account || '(none)'}, not the configured account.`);
  }
  const acctCurrency = text(child(stmt, 'Acct', 'Ccy'));

  let closingMinor: number | null = null;
  let closingOn: string | null = null;
  let currency: Currency | null = null;
  for (const bal of asArray(stmt.Bal)) {
    if (text(child(bal, 'Tp', 'CdOrPrtry', 'Cd')) !== 'CLBD') continue;
    const amt = child(bal, 'Amt');
    const read = readAmount(text(amt), text((amt as Node | undefined)?.['@Ccy']), 'The closing balance', true);
    const negative = text(child(bal, 'CdtDbtInd')) === 'DBIT';
    closingMinor = negative ? -read.amountMinor : read.amountMinor;
    currency = read.currency;
    closingOn = readDate(child(bal, 'Dt')) || null;
  }
  if (!currency && acctCurrency) currency = CURRENCIES.includes(acctCurrency as Currency) ? (acctCurrency as Currency) : null;

  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  asArray(stmt.Ntry).forEach((entry, i) => {
    const position = i + 1;
    const bankRef = text(child(entry, 'AcctSvcrRef')) || text(child(entry, 'NtryRef'));
    const where = `Entry ${position}${bankRef ? ` (${bankRef})` : ''}`;
    const indicator = text(child(entry, 'CdtDbtInd'));
    if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementError(`${where}: CdtDbtInd is “${indicator}”, not CRDT or DBIT.`);
    const amt = child(entry, 'Amt');
    const { amountMinor, currency: lineCurrency } = readAmount(text(amt), text((amt as Node | undefined)?.['@Ccy']), where);
    const bookedOn = readDate(child(entry, 'BookgDt')) || readDate(child(entry, 'ValDt'));
    if (!isCalendarDay(bookedOn)) throw new StatementError(`${where}: the booking date “${bookedOn}” is not a date.`);
    if (bookedOn > today) throw new StatementError(`${where}: the booking date ${bookedOn} is in the future.`);
    const status = text(child(entry, 'Sts', 'Cd')) || text(child(entry, 'Sts'));
    if (indicator === 'DBIT' || (status && status !== 'BOOK')) return;
    const tx = child(entry, 'NtryDtls', 'TxDtls');
    const ustrd = asArray(child(tx, 'RmtInf') && (child(tx, 'RmtInf') as Node).Ustrd).map(text);
    const strd = text(child(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'));
    const remittance = [strd, ...ustrd].filter(Boolean).join(' ').slice(0, 500);
    const payerName = (text(child(tx, 'RltdPties', 'Dbtr', 'Nm')) || text(child(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm'))).slice(0, 140);
    const identity = bankRef
      ? `ref:${bankRef}`
      : `digest:${crypto
          .createHash('sha256')
          .update(JSON.stringify([bookedOn, lineCurrency, amountMinor, remittance, payerName]))
          .digest('hex')}`;
    const lineKey = `camt053:${account}:${identity}`;
    const first = seen.get(lineKey);
    if (first !== undefined) throw new StatementError(`${where}: the same line as entry ${first} (a duplicate line).`);
    seen.set(lineKey, position);
    lines.push({ lineKey, position, bookedOn, currency: lineCurrency, amountMinor, remittance, payerName });
  });
  return { account, statementRef, currency, closingMinor, closingOn, lines };
}
