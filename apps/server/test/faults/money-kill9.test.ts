import { describe, expect, test } from 'vitest';
import {
  type PgCluster,
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

// kill -9 during a payout batch's send (issue 35 'Reliability'), on PostgreSQL so the checks read
// the ledger directly: the send is one transaction, so after the kill the batch is either still a
// draft with no payout entry or sent with exactly one entry per payout; a restarted server sends it
// once and refuses a second send; every freelancer's payable plus in transit is what they were owed
// (nothing paid twice, nothing lost), and every journal entry still sums to zero.

useFaultHarness();

const PAYEES = 3_000;
const BANK = { BANK_ACCOUNT_NAME: 'Talentloop Client Money', BANK_IBAN: 'DE89370400440532013000', BANK_SWIFT: 'COBADEFFXXX' };

/** `count` freelancers with IBAN payout details and EUR payable (one balanced entry each), owed 8,501.. minor units. */
async function seedPayables(cluster: PgCluster, count: number) {
  await cluster.query(`
    BEGIN;
    CREATE TEMP TABLE fault_payees (id uuid, n int) ON COMMIT DROP;
    INSERT INTO fault_payees SELECT gen_random_uuid(), i FROM generate_series(1, ${count}) AS i;
    INSERT INTO users (id, email, first_name, last_name, user_type, roles, email_verified_at)
      SELECT id, 'fault-payee-' || id || '@example.test', 'Payee', 'Number ' || n, 'freelancer', ARRAY['freelancer'], now() FROM fault_payees;
    INSERT INTO payout_details (user_id, method, account_holder, iban, bic)
      SELECT id, 'iban', 'Payee Number ' || n, 'DE89370400440532013000', 'COBADEFFXXX' FROM fault_payees;
    INSERT INTO journal_entries (id, kind, memo) SELECT id, 'invoice_work', 'fault payable' FROM fault_payees;
    INSERT INTO journal_lines (entry_id, account, currency, amount_minor, freelancer_id)
      SELECT id, l.account, 'EUR', l.amount, id
      FROM fault_payees, LATERAL (VALUES ('company_receivable', 10000 + n), ('freelancer_payable', -8500 - n), ('platform_fee_revenue', -1500)) AS l(account, amount);
    COMMIT;`);
}

/** What the ledger says now: unbalanced entries, payees whose payable plus in transit is not what they were owed, payout entries of the batch. */
async function ledgerState(cluster: PgCluster, batchId: string) {
  const [unbalanced] = await cluster.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT entry_id, currency FROM journal_lines GROUP BY entry_id, currency HAVING sum(amount_minor) <> 0) u`,
  );
  const [wrong] = await cluster.query<{ n: string }>(`
    SELECT count(*) AS n FROM (
      SELECT u.id, coalesce(sum(l.amount_minor) FILTER (WHERE l.account IN ('freelancer_payable', 'payouts_in_transit')), 0) AS owed, max(u.n) AS n
      FROM (SELECT id, (regexp_replace(last_name, '\\D', '', 'g'))::int AS n FROM users WHERE email LIKE 'fault-payee-%') u
      LEFT JOIN journal_lines l ON l.freelancer_id = u.id
      GROUP BY u.id) x
    WHERE owed <> -(8500 + n)`);
  const [sent] = await cluster.query<{ n: string }>(
    `SELECT count(*) AS n FROM journal_entries WHERE kind = 'payout_sent' AND memo LIKE '%of batch ' || $1 || '%'`,
    [batchId],
  );
  const [over] = await cluster.query<{ n: string }>(`
    SELECT count(*) AS n FROM (
      SELECT freelancer_id FROM journal_lines WHERE account = 'freelancer_payable' AND freelancer_id IS NOT NULL
      GROUP BY freelancer_id HAVING sum(amount_minor) > 0) p`);
  const [batch] = await cluster.query<{ status: string; lines: string }>(
    `SELECT b.status, (SELECT count(*) FROM payout_lines l WHERE l.batch_id = b.id) AS lines FROM payout_batches b WHERE b.id = $1`,
    [batchId],
  );
  return {
    unbalanced: Number(unbalanced?.n),
    wrongOwed: Number(wrong?.n),
    payoutEntries: Number(sent?.n),
    overpaid: Number(over?.n),
    status: batch?.status,
    lines: Number(batch?.lines),
  };
}

describe.skipIf(!pgBin)('kill -9 during a payout batch', () => {
  test('the send is all or nothing: after a restart each payout is sent once, the ledger balanced, nothing paid twice', async () => {
    const started = Date.now();
    const [cluster, mail] = await Promise.all([startPostgres(), startMailSink()]);
    const env = { DATABASE_URL: cluster.url, SMTP_URL: mail.url, CLIENT_ACCOUNTS: 'on', ...BANK };
    const first = await startServer(env);
    const operator = await createAccount(first, mail);
    await cluster.query(`UPDATE users SET roles = array_append(roles, 'operator') WHERE email = $1`, [operator.email]);
    await seedPayables(cluster, PAYEES);
    const op = { token: operator.accessToken };

    const made = await call(first, 'POST', '/api/operator/payout-batches', { ...op, json: {}, timeoutMs: 120_000 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const batch = made.body.batch as { id: string; version: number; lineCount: number };
    expect(batch.lineCount).toBeGreaterThanOrEqual(PAYEES);

    // The send in flight: killed once the server is writing its payout entries.
    const sending = call(first, 'POST', `/api/operator/payout-batches/${batch.id}/send`, {
      ...op,
      json: { version: batch.version },
      timeoutMs: 120_000,
    }).catch((err: Error) => err);
    await until(
      async () => {
        const active = await cluster.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE state <> 'idle' AND query ILIKE '%payout%' AND pid <> pg_backend_pid()`,
        );
        return Number(active[0]?.n) > 0;
      },
      'the send writing',
      60_000,
    );
    await killServer(first);
    const answer = await sending;
    const sentBeforeKill = !(answer instanceof Error) && answer.status === 200;

    // After the kill (PostgreSQL rolled back whatever the killed connection had not committed).
    await until(
      async () =>
        Number(
          (
            await cluster.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query ILIKE '%payout%' AND pid <> pg_backend_pid()`,
            )
          )[0]?.n,
        ) === 0,
      'the killed server’s statements ended',
      60_000,
    );
    const afterKill = await ledgerState(cluster, batch.id);
    expect(afterKill).toMatchObject({ unbalanced: 0, wrongOwed: 0, overpaid: 0 });
    if (afterKill.status === 'sent') expect(afterKill.payoutEntries).toBe(afterKill.lines);
    else expect(afterKill).toMatchObject({ status: 'draft', payoutEntries: 0 });
    if (sentBeforeKill) expect(afterKill.status).toBe('sent');

    // A restarted server: the draft is sent once; a second send is refused.
    const second = await startServer(env);
    if (afterKill.status === 'draft') {
      const resent = await call(second, 'POST', `/api/operator/payout-batches/${batch.id}/send`, {
        ...op,
        json: { version: batch.version },
        timeoutMs: 120_000,
      });
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    }
    const again = await call(second, 'POST', `/api/operator/payout-batches/${batch.id}/send`, { ...op, json: { version: batch.version } });
    expect(again.status).toBe(409);
    const end = await ledgerState(cluster, batch.id);
    expect(end).toMatchObject({ status: 'sent', unbalanced: 0, wrongOwed: 0, overpaid: 0 });
    expect(end.payoutEntries).toBe(end.lines);

    reportCounts({
      scenario: 'kill -9 during a payout batch send (PostgreSQL)',
      faults: 1,
      requests: 4,
      unexpected5xx: 0,
      dataLost: end.wrongOwed + end.unbalanced + end.overpaid,
      ms: Date.now() - started,
      notes: `${end.lines} payouts; after the kill the batch was ${afterKill.status}; each sent once`,
    });
  });
});
