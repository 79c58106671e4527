import crypto from 'node:crypto';
import { suspendAccount } from '@talentloop/contract/api/operator-accounts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { recordAudit } from '../src/features/audit/audit.ts';
import { openDatabase } from '../src/infra/db/client.ts';
import { rowsOf } from '../src/infra/db/rows.ts';
import { auditLog } from '../src/infra/db/schema.ts';
import { startTestApp } from './support/app.ts';
import { call, expectOk, findUser, uniqueEmail, useApi } from './helpers.ts';
import { createOperator } from './talent/loop-support.ts';

// The audit log is append-only at the database (decision 170): its trigger refuses UPDATE, DELETE
// and TRUNCATE; and on a PostgreSQL server the application runs as a role that owns no table, so
// it cannot disable that trigger, alter the table or truncate it, while it still serves.

const env = useApi();
const entry = { action: 'account.suspend' as const, targetType: 'user' as const, targetId: 't-1', targetLabel: 'x', reason: 'r' };

describe('the audit log', () => {
  test('refuses TRUNCATE as it refuses UPDATE and DELETE, and keeps its entries', async () => {
    const app = await env.start();
    await recordAudit(app.db, { id: null, email: 'command line' }, entry, new Date());
    const count = async () => (await app.db.select({ id: auditLog.id }).from(auditLog)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(app.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    await expect(app.db.execute(sql`TRUNCATE audit_log, users CASCADE`)).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  test.skipIf(!process.env.DATABASE_URL)(
    'the application role serves requests but cannot truncate, change or unprotect the audit log (PostgreSQL server)',
    async () => {
      const owner = await env.start();
      const [{ db: name } = { db: '' }] = rowsOf<{ db: string }>(await owner.db.execute(sql`SELECT current_database() AS db`));
      const ownerUrl = new URL(process.env.DATABASE_URL as string);
      ownerUrl.pathname = `/${name}`;
      const login = `tl_app_${crypto.randomBytes(4).toString('hex')}`;
      const password = crypto.randomBytes(12).toString('hex');
      await owner.db.execute(sql.raw(`CREATE ROLE ${login} LOGIN PASSWORD '${password}' IN ROLE talentloop_app`));
      const appUrl = new URL(ownerUrl);
      appUrl.username = login;
      appUrl.password = password;
      const database = await openDatabase({ databaseUrl: appUrl.toString(), migrationUrl: ownerUrl.toString(), dataDir: 'memory://' });
      try {
        // The app serves as that role: sign-up, an operator's suspension (an audit entry).
        const app = await startTestApp({ database, mailbox: env.mailbox, config: { clientAccounts: true } });
        try {
          const operator = await createOperator(app);
          const user = await app.createUser(uniqueEmail('member'));
          const id = (await findUser(app.db, user.email))?.id as string;
          expectOk(await call(app, suspendAccount, { params: { userId: id }, body: { reason: 'Spam' } }, { token: operator.accessToken }));
          expect(await app.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toHaveLength(1);
        } finally {
          await app.close();
        }
        const client = new pg.Client({ connectionString: appUrl.toString() });
        await client.connect();
        try {
          for (const statement of [
            'TRUNCATE audit_log',
            'ALTER TABLE audit_log DISABLE TRIGGER ALL',
            'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate',
            'DROP TRIGGER audit_log_no_update_or_delete ON audit_log',
            "UPDATE audit_log SET reason = 'rewritten'",
            'DELETE FROM audit_log',
            'SET session_replication_role = replica',
          ]) {
            await expect(client.query(statement), statement).rejects.toThrow(/permission denied|must be owner|append-only/);
          }
        } finally {
          await client.end();
        }
        expect((await owner.db.select().from(auditLog)).length).toBeGreaterThan(0);
      } finally {
        await database.close();
        await owner.db.execute(sql.raw(`DROP ROLE IF EXISTS ${login}`)).catch(() => {});
      }
    },
  );
});
