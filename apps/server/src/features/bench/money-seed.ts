import { paymentReferenceFrom } from '@talentloop/contract/rules/payment-reference';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';

// The money side's bench data (issue 35's bench rows): a camt.053 statement of many credit lines,
// each quoting a payment reference (so the matching query has every line to look up), and
// freelancers with IBAN payout details and EUR payable (set-based SQL, as the payouts scale test).

/** A camt.053.001.08 statement of `lines` credits to `iban` on `day`, each quoting a well-formed payment reference. */
export function benchStatementXml(opts: { iban: string; day: string; lines: number; statementRef: string }): string {
  const entries: string[] = [];
  let total = 0;
  for (let i = 0; i < opts.lines; i += 1) {
    const minor = 1_000 + ((i * 37) % 90_000);
    total += minor;
    const amount = (minor / 100).toFixed(2);
    const reference = paymentReferenceFrom(Array.from({ length: 8 }, (_, k) => (Math.floor(i / 32 ** (k % 4)) % 32) ^ ((k * 7) % 32)));
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
