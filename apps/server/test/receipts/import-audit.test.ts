import { importStatement } from '@talentloop/contract/api/receipts';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { IMPORT_CHUNK } from '../../src/features/receipts/service.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { createOperator } from '../company/documents-support.ts';
import { type TestApp, call, okBody, useApi } from '../helpers.ts';
import { LINES, generatedStatement, startWithBank } from './support.ts';

// A big statement is imported in chunks, each its own transaction (decision 252); each chunk
// writes its own audit row in that transaction (decision 271), so every committed posting is
// covered by an audit row, even when the import stops part-way.

const env = useApi();

const start = () => startWithBank(env);

const xml = generatedStatement;

/** The statement's receipts posted, and its audit rows' counts of new lines. */
async function coverage(app: TestApp, statementRef: string) {
  const [posted] = rowsOf<{ n: string | number }>(
    await app.db.execute(sql`
      SELECT count(*) AS n FROM bank_receipts r JOIN bank_statements s ON s.id = r.statement_id
      WHERE s.statement_ref = ${statementRef} AND r.entry_id IS NOT NULL`),
  );
  const audits = rowsOf<{ new_lines: string | number }>(
    await app.db.execute(sql`
      SELECT (a.after->>'newLines')::int AS new_lines FROM audit_log a JOIN bank_statements s ON s.id::text = a.target_id
      WHERE a.action = 'statement.import' AND s.statement_ref = ${statementRef}
      ORDER BY a.id`),
  );
  return { posted: Number(posted?.n ?? 0), audited: audits.map((a) => Number(a.new_lines)) };
}

describe('a chunked statement import is audited in each chunk’s transaction', () => {
  test('each chunk writes its audit row; a second import of the same statement writes none', async () => {
    const app = await start();
    const op = await createOperator(app);
    const result = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'AUDIT-1') } }, { token: op.accessToken }),
    );
    expect(result.result).toMatchObject({ creditLines: LINES, newLines: LINES });
    expect(await coverage(app, 'AUDIT-1')).toEqual({ posted: LINES, audited: [IMPORT_CHUNK, IMPORT_CHUNK, 5] });
    const again = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'AUDIT-1') } }, { token: op.accessToken }),
    );
    expect(again.result).toMatchObject({ alreadyImported: true, newLines: 0 });
    expect((await coverage(app, 'AUDIT-1')).audited).toHaveLength(3);
  });

  test('an import that fails in its second chunk leaves the first chunk posted with its audit row; importing again posts and audits the rest', async () => {
    const app = await start();
    const op = await createOperator(app);
    // The second chunk's first line (line IMPORT_CHUNK + 1, amount 1,000 + 37 × IMPORT_CHUNK minor units) fails to insert.
    const failing = 1_000 + 37 * IMPORT_CHUNK;
    await app.db.execute(
      sql.raw(`CREATE FUNCTION audit_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.amount_minor = ${failing} THEN RAISE EXCEPTION 'the test stops the import here'; END IF; RETURN NEW; END $$`),
    );
    await app.db.execute(
      sql.raw('CREATE TRIGGER audit_test_fail BEFORE INSERT ON bank_receipts FOR EACH ROW EXECUTE FUNCTION audit_test_fail()'),
    );
    try {
      const stopped = await call(
        app,
        importStatement,
        { body: { format: 'camt053', content: xml(app, 'AUDIT-2') } },
        { token: op.accessToken },
      );
      expect(stopped.status).toBe(500);
      expect(await coverage(app, 'AUDIT-2')).toEqual({ posted: IMPORT_CHUNK, audited: [IMPORT_CHUNK] });
    } finally {
      await app.db.execute(sql.raw('DROP TRIGGER audit_test_fail ON bank_receipts'));
      await app.db.execute(sql.raw('DROP FUNCTION audit_test_fail()'));
    }
    const rest = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'AUDIT-2') } }, { token: op.accessToken }),
    );
    expect(rest.result).toMatchObject({ alreadyImported: false, newLines: LINES - IMPORT_CHUNK });
    expect(await coverage(app, 'AUDIT-2')).toEqual({ posted: LINES, audited: [IMPORT_CHUNK, IMPORT_CHUNK, 5] });
  });
});
