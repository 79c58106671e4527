import { paymentReferenceFrom } from '@talentloop/contract/rules/payment-reference';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';

// The money side's bench data (issue 35's bench rows): a camt.053 statement of many credit lines,
// each quoting a payment reference (so the matching query has every line to look up), and
// freelancers with IBAN payout details and EUR payable (set-based SQL, as the payouts scale test).

/** The bench statement's line `i`: its amount in minor units and the payment reference it quotes. */
function benchLine(i: number) {
  const minor = 1_000 + ((i * 37) % 90_000);
  const reference = paymentReferenceFrom(Array.from({ length: 8 }, (_, k) => (Math.floor(i / 32 ** (k % 4)) % 32) ^ ((k * 7) % 32)));
  return { minor, reference };
}

/** A camt.053.001.08 statement of `lines` credits to `iban` on `day`, each quoting a well-formed payment reference. */
export function benchStatementXml(opts: { iban: string; day: string; lines: number; statementRef: string }): string {
  const entries: string[] = [];
  let total = 0;
  for (let i = 0; i < opts.lines; i += 1) {
    const { minor, reference } = benchLine(i);
    total += minor;
    const amount = (minor / 100).toFixed(2);
    entries.push(`<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>${opts.day}</Dt></BookgDt><ValDt><Dt>${opts.day}</Dt></ValDt><AcctSvcrRef>${opts.statementRef}-${i}</AcctSvcrRef>
<NtryDtls><TxDtls><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Payer ${i}</Nm></Pty></Dbtr></RltdPties>
<RmtInf><Ustrd>Invoice ${reference}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`);
  }
  const balance = (code: string, minor: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${(minor / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${opts.day}</Dt></Dt></Bal>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>${opts.statementRef}</MsgId><CreDtTm>${opts.day}T17:30:00.0+00:00</CreDtTm></GrpHdr>
<Stmt><Id>${opts.statementRef}</Id><CreDtTm>${opts.day}T17:30:00.0+00:00</CreDtTm>
<Acct><Id><IBAN>${opts.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${balance('OPBD', 0)}${balance('CLBD', total)}
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

/** `count` freelancers with IBAN payout details and EUR payable (one seeded entry each), in one transaction. */
export async function seedPayables(db: Db, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMP TABLE bench_payees (id uuid, n int) ON COMMIT DROP`);
    await tx.execute(sql`INSERT INTO bench_payees SELECT gen_random_uuid(), i FROM generate_series(1, ${count}::int) AS i`);
    await tx.execute(sql`
      INSERT INTO users (id, email, first_name, last_name, user_type, roles, email_verified_at)
      SELECT id, 'bench-payee-' || id || '@example.test', 'Payee', 'Number ' || n, 'freelancer', ARRAY['freelancer'], now() FROM bench_payees`);
    await tx.execute(sql`
      INSERT INTO payout_details (user_id, method, account_holder, iban, bic)
      SELECT id, 'iban', 'Payee Number ' || n, 'DE89370400440532013000', 'COBADEFFXXX' FROM bench_payees`);
    await tx.execute(sql`INSERT INTO journal_entries (id, kind, memo) SELECT id, 'invoice_work', 'bench payable' FROM bench_payees`);
    await tx.execute(sql`
      INSERT INTO journal_lines (entry_id, account, currency, amount_minor, freelancer_id)
      SELECT id, l.account, 'EUR', l.amount, id
      FROM bench_payees, LATERAL (VALUES ('company_receivable', 10000 + n), ('freelancer_payable', -8500 - n), ('platform_fee_revenue', -1500)) AS l(account, amount)`);
  });
}

/** Every how many lines of the bench statement one pays an invoice in full (the others match none). */
export const BENCH_PAYING_EVERY = 10;

/**
 * The invoices the bench statement's paying lines pay (issue 35's row covers the path that pays
 * invoices, decision 299): for every BENCH_PAYING_EVERY-th of `lines`, an EUR invoice for approved work
 * (so paid in full it is released at once) whose payment reference that line quotes and whose gross is
 * that line's amount, issued `day`. The parties are bare ids (no accounts: no mail is sent for them).
 * One statement; an invoice already in (an earlier run's) is left. How many invoices are there to pay.
 */
export async function seedStatementInvoices(db: Db, opts: { lines: number; day: string }): Promise<number> {
  const rows: Array<{ n: number; ref: string; minor: number }> = [];
  for (let i = 0; i < opts.lines; i += BENCH_PAYING_EVERY) {
    const { minor, reference } = benchLine(i);
    rows.push({ n: rows.length + 1, ref: reference, minor });
  }
  if (rows.length === 0) return 0;
  await db.execute(sql`
    WITH p AS (SELECT gen_random_uuid() AS issuer, gen_random_uuid() AS company, gen_random_uuid() AS freelancer, gen_random_uuid() AS engagement)
    INSERT INTO invoices (kind, number, issuer_id, year, seq, engagement_id, company_id, freelancer_id, currency, purpose,
      subtotal_minor, fee_minor, net_minor, issue_date, due_date, payment_reference, issuer_details, recipient_details, lines, source_kind, source_id)
    SELECT 'invoice', 'BENCH-' || x.n, p.issuer, extract(year FROM ${opts.day}::date)::int, x.n, p.engagement, p.company, p.freelancer, 'EUR', 'work_approved',
      x.minor, x.minor / 10, x.minor - x.minor / 10, ${opts.day}::date, ${opts.day}::date + 14, x.ref, '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, 'timesheet', gen_random_uuid()
    FROM p, json_to_recordset(${JSON.stringify(rows)}::json) AS x(n int, ref text, minor bigint)
    ON CONFLICT DO NOTHING`);
  return rows.length;
}
