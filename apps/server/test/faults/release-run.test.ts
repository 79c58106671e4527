import { describe, expect, test } from 'vitest';
import {
  type PgCluster,
  type ServerProcess,
  call,
  createAccount,
  killServer,
  pgBin,
  reportCounts,
  startMailSink,
  startPostgres,
  startServer,
  until,
  useFaultHarness,
} from './support.ts';

// The release job under faults (issue 35 'Reliability'), on PostgreSQL so the checks read the
// ledger directly. Many invoices are paid in full and approved, so their nets are due for release
// (freelancer_earned_held to freelancer_payable, one entry and one invoice_releases row each):
// - kill -9 while the job is mid-way: each batch is one transaction, so what committed is whole
//   releases and the rest is rolled back; a restarted server's job finishes the run;
// - two instances on one database running the job at the same time: each claims its invoices
//   FOR UPDATE SKIP LOCKED and re-reads each one's state, so each is released once.
// After each: every invoice released exactly once, every entry sums to zero per currency, each
// freelancer's held plus payable is the invoice's net (payable exactly the net once released), and
// the money report's released and held figures agree with the documents.

useFaultHarness();

const INVOICES = 1_500;
/**
 * The job's poll in these servers: a run starts soon after the seed commits, and again after a
 * restart. The connect timeout is a last-resort guard, not a wait: on a loaded machine a fresh
 * cluster's first connection took more than the default 5 s and the server exited while starting.
 */
const POLL = { RELEASE_POLL_MS: '200' };

/** `count` EUR invoices of approved work, each paid in full by one receipt (its invoice and receipt entries posted), none released. */
async function seedDue(cluster: PgCluster, count: number) {
  await cluster.query(`
    BEGIN;
    CREATE TEMP TABLE fault_due (id uuid, freelancer uuid, company uuid, engagement uuid, receipt_entry uuid, n int) ON COMMIT DROP;
    INSERT INTO fault_due SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), i
      FROM generate_series(1, ${count}) AS i;
    INSERT INTO invoices (id, kind, number, issuer_id, year, seq, engagement_id, company_id, freelancer_id, currency, purpose,
        subtotal_minor, fee_minor, net_minor, issue_date, due_date, payment_reference, issuer_details, recipient_details, lines,
        source_kind, source_id)
      SELECT id, 'invoice', 'FAULT-' || n, freelancer, 2026, 1, engagement, company, freelancer, 'EUR', 'work_approved',
        10000 + n, 1500, 8500 + n, current_date - 1, current_date + 13, 'TL-FAULT-' || n, '{}', '{}', '[]', 'timesheet', gen_random_uuid()
      FROM fault_due;
    INSERT INTO journal_entries (id, kind, memo, invoice_id, engagement_id)
      SELECT id, 'invoice_work', 'fault invoice', id, engagement FROM fault_due;
    INSERT INTO journal_lines (entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
      SELECT id, l.account, 'EUR', l.amount, company, freelancer, engagement
      FROM fault_due, LATERAL (VALUES ('company_receivable', 10000 + n), ('freelancer_earned_held', -8500 - n), ('platform_fee_revenue', -1500)) AS l(account, amount);
    INSERT INTO journal_entries (id, kind, memo, engagement_id)
      SELECT receipt_entry, 'receipt', 'fault receipt', engagement FROM fault_due;
    INSERT INTO journal_lines (entry_id, account, currency, amount_minor, company_id, freelancer_id, engagement_id)
      SELECT receipt_entry, l.account, 'EUR', l.amount, company, l.freelancer, engagement
      FROM fault_due, LATERAL (VALUES ('cash_at_bank', 10000 + n, NULL::uuid), ('company_receivable', -10000 - n, freelancer)) AS l(account, amount, freelancer);
    INSERT INTO bank_receipts (line_key, source, booked_on, currency, amount_minor, remittance, invoice_id, allocated_minor, entry_id)
      SELECT 'fault:' || n, 'manual', current_date - 1, 'EUR', 10000 + n, 'TL-FAULT-' || n, id, 10000 + n, receipt_entry FROM fault_due;
    COMMIT;`);
}

const count = async (cluster: PgCluster, text: string) => Number((await cluster.query<{ n: string }>(text))[0]?.n);

/** What the ledger says now about the seeded invoices. */
async function releaseState(cluster: PgCluster) {
  return {
    released: await count(
      cluster,
      `SELECT count(*) AS n FROM invoice_releases rl JOIN invoices i ON i.id = rl.invoice_id WHERE i.number LIKE 'FAULT-%'`,
    ),
    // Release entries of the seeded invoices (one engagement each), and engagements with more than one.
    releaseEntries: await count(
      cluster,
      `SELECT count(*) AS n FROM journal_entries e JOIN invoices i ON i.engagement_id = e.engagement_id AND i.number LIKE 'FAULT-%' WHERE e.kind = 'release'`,
    ),
    releasedTwice: await count(
      cluster,
      `SELECT count(*) AS n FROM (SELECT e.engagement_id FROM journal_entries e WHERE e.kind = 'release' GROUP BY e.engagement_id HAVING count(*) > 1) x`,
    ),
    // A release row whose entry is not a release of that invoice's engagement.
    strayRows: await count(
      cluster,
      `SELECT count(*) AS n FROM invoice_releases rl JOIN invoices i ON i.id = rl.invoice_id JOIN journal_entries e ON e.id = rl.entry_id
       WHERE e.kind <> 'release' OR e.engagement_id <> i.engagement_id`,
    ),
    unbalanced: await count(
      cluster,
      `SELECT count(*) AS n FROM (SELECT entry_id, currency FROM journal_lines GROUP BY entry_id, currency HAVING sum(amount_minor) <> 0) u`,
    ),
    // Freelancers whose held plus payable is not the invoice's net, or whose payable is not the net once released (0 before).
    wrongFigures: await count(
      cluster,
      `SELECT count(*) AS n FROM (
         SELECT i.id, i.net_minor, EXISTS (SELECT 1 FROM invoice_releases rl WHERE rl.invoice_id = i.id) AS released,
           coalesce(sum(l.amount_minor) FILTER (WHERE l.account = 'freelancer_earned_held'), 0) AS held,
           coalesce(sum(l.amount_minor) FILTER (WHERE l.account = 'freelancer_payable'), 0) AS payable
         FROM invoices i LEFT JOIN journal_lines l ON l.freelancer_id = i.freelancer_id
         WHERE i.number LIKE 'FAULT-%'
         GROUP BY i.id) x
       WHERE held + payable <> -net_minor OR payable <> CASE WHEN released THEN -net_minor ELSE 0 END`,
    ),
    releasedNet: await count(
      cluster,
      `SELECT coalesce(sum(i.net_minor), 0) AS n FROM invoice_releases rl JOIN invoices i ON i.id = rl.invoice_id WHERE i.number LIKE 'FAULT-%'`,
    ),
  };
}

/** The operator's money report for today (EUR): released and held, as the console shows them. */
async function reportFigures(server: ServerProcess, token: string) {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const res = await call(server, 'GET', `/api/operator/reports/money?from=${from}&to=${today}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const eur = (res.body.rows as Array<{ currency: string; releasedMinor: number; heldMinor: number; ledgerCashMinor: number }>).find(
    (r) => r.currency === 'EUR',
  );
  return eur;
}

/** The seeded documents' totals: what was received (every gross) and what release owes (every net). */
const grossTotal = (n: number) => n * 10_000 + (n * (n + 1)) / 2;
const netTotal = (n: number) => n * 8_500 + (n * (n + 1)) / 2;

async function operatorOf(server: ServerProcess, cluster: PgCluster, mail: Parameters<typeof createAccount>[1]) {
  const operator = await createAccount(server, mail);
  await cluster.query(`UPDATE users SET roles = array_append(roles, 'operator') WHERE email = $1`, [operator.email]);
  return operator.accessToken;
}

describe.skipIf(!pgBin)('the release job under faults', () => {
  test('kill -9 during a release run: after a restart every amount is released exactly once and the ledger balanced', async () => {
    const started = Date.now();
    const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
    const env = { DATABASE_URL: cluster.url, SMTP_URL: mail.url, ...POLL };
    const first = await startServer(env);
    await seedDue(cluster, INVOICES);

    // The run in flight: killed once some batches have committed.
    await until(
      async () => (await count(cluster, `SELECT count(*) AS n FROM invoice_releases`)) > 0,
      'the release job to commit its first batch',
      120_000,
    );
    await killServer(first);
    await until(
      async () =>
        (await count(
          cluster,
          `SELECT count(*) AS n FROM pg_stat_activity WHERE state NOT IN ('idle') AND datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        )) === 0,
      'the killed server’s transactions ended',
      60_000,
    );
    const afterKill = await releaseState(cluster);
    // Mid-way: some released, not all (the run commits a batch of 20 at a time).
    expect(afterKill.released).toBeGreaterThan(0);
    expect(afterKill.released).toBeLessThan(INVOICES);
    expect(afterKill).toMatchObject({ releasedTwice: 0, strayRows: 0, unbalanced: 0, wrongFigures: 0 });
    expect(afterKill.releaseEntries).toBe(afterKill.released);

    // A restarted server's job finishes the run.
    const second = await startServer(env);
    await until(
      async () => (await count(cluster, `SELECT count(*) AS n FROM invoice_releases`)) === INVOICES,
      'every invoice released',
      240_000,
    );
    const end = await releaseState(cluster);
    expect(end).toMatchObject({
      released: INVOICES,
      releaseEntries: INVOICES,
      releasedTwice: 0,
      strayRows: 0,
      unbalanced: 0,
      wrongFigures: 0,
      releasedNet: netTotal(INVOICES),
    });
    const token = await operatorOf(second, cluster, mail);
    const report = await reportFigures(second, token);
    expect(report).toMatchObject({
      releasedMinor: netTotal(INVOICES),
      ledgerCashMinor: grossTotal(INVOICES),
      heldMinor: grossTotal(INVOICES) - netTotal(INVOICES),
    });

    reportCounts({
      scenario: 'kill -9 during a release run (PostgreSQL)',
      faults: 1,
      requests: 2,
      unexpected5xx: 0,
      dataLost: end.releasedTwice + end.unbalanced + end.wrongFigures + end.strayRows,
      ms: Date.now() - started,
      notes: `${INVOICES} releases; ${afterKill.released} committed before the kill, the rest after the restart; each once`,
    });
  });

  test('two instances running the release job at the same time release each amount once', async () => {
    const started = Date.now();
    const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
    const env = { DATABASE_URL: cluster.url, SMTP_URL: mail.url, ...POLL };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    // Each instance's job claims with its own connections: seen in pg_stat_activity while the run lasts.
    const claimers = new Set<number>();
    await seedDue(cluster, INVOICES);
    await until(
      async () => {
        const rows = await cluster.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query ILIKE '%SKIP LOCKED%' AND pid <> pg_backend_pid()`,
        );
        for (const r of rows) claimers.add(r.pid);
        return (await count(cluster, `SELECT count(*) AS n FROM invoice_releases`)) === INVOICES;
      },
      'every invoice released',
      240_000,
    );
    const end = await releaseState(cluster);
    expect(end).toMatchObject({
      released: INVOICES,
      releaseEntries: INVOICES,
      releasedTwice: 0,
      strayRows: 0,
      unbalanced: 0,
      wrongFigures: 0,
      releasedNet: netTotal(INVOICES),
    });
    const token = await operatorOf(a, cluster, mail);
    const report = await reportFigures(b, token);
    expect(report).toMatchObject({ releasedMinor: netTotal(INVOICES), heldMinor: grossTotal(INVOICES) - netTotal(INVOICES) });
    // Neither instance failed a run (a duplicate release would fail its batch on the primary key and be logged).
    for (const server of [a, b]) expect(server.lines.filter((l) => l.includes('release job failed'))).toEqual([]);

    reportCounts({
      scenario: 'two instances running the release job (PostgreSQL)',
      faults: 1,
      requests: 2,
      unexpected5xx: 0,
      dataLost: end.releasedTwice + end.unbalanced + end.wrongFigures + end.strayRows,
      ms: Date.now() - started,
      notes: `${INVOICES} releases by two instances, each once (${claimers.size} claiming connections seen)`,
    });
  });
});
