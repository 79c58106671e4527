import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client.ts';
import { users } from '../infra/db/schema.ts';

// `npm run operator -- grant <email>` / `revoke <email>`: gives or takes the operator role (who may
// review verification documents). Same configuration and database as the server (DATABASE_URL, or
// the embedded database in DATA_DIR: stop the server first, the embedded database has one owner).
// A role taken away counts at once: the server reads the user's current roles on every request.

export type RoleChange = 'granted' | 'revoked' | 'unchanged' | 'no-such-user';

/** Adds or removes 'operator' on the account with this email (one statement). */
export async function setOperator(db: Db, email: string, grant: boolean): Promise<RoleChange> {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  if (!user) return 'no-such-user';
  const updated = await db
    .update(users)
    .set({
      roles: grant ? sql`array_append(${users.roles}, 'operator')` : sql`array_remove(${users.roles}, 'operator')`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, user.id), grant ? sql`NOT ('operator' = ANY(${users.roles}))` : sql`'operator' = ANY(${users.roles})`))
    .returning({ id: users.id });
  if (updated.length === 0) return 'unchanged';
  return grant ? 'granted' : 'revoked';
}

const USAGE = 'Usage: npm run operator -- grant <email> | revoke <email>';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Loaded only for a real command: a usage error answers at once.
  const [{ loadConfig }, { openDatabase }] = await Promise.all([import('../config.ts'), import('../infra/db/client.ts')]);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await setOperator(database.db, email, command === 'grant');
    const messages: Record<RoleChange, string> = {
      granted: `${email} is now an operator.`,
      revoked: `${email} is no longer an operator.`,
      unchanged: command === 'grant' ? `${email} is already an operator.` : `${email} was not an operator.`,
      'no-such-user': `No account with the email ${email}.`,
    };
    (result === 'no-such-user' ? process.stderr : process.stdout).write(`${messages[result]}\n`);
    return result === 'no-such-user' ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
