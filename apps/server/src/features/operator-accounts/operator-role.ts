import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../infra/db/client.ts';
import { users } from '../../infra/db/schema.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';

// Who is an operator, in one place (issue 21): the console's grant/revoke, the console's suspend
// of an operator and the command line (cli/operator.ts, also through the running server's control
// channel) all go through here, so "never leave the console without an active operator" is one
// rule. Race-safe: every change to who is an active operator takes one transaction-scoped advisory
// lock first, so two operators removing each other at the same moment run one after the other and
// the second finds it would leave none.

/** The advisory lock serialising changes to the set of active operators. */
const OPERATORS_LOCK = 727_275;

/** The command line's name in the audit log (no operator account behind it). */
export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: 'command line' };

export type RoleChange = 'granted' | 'revoked' | 'unchanged' | 'no-such-user' | 'last-operator';

/** Serialises changes to who is an active operator until the transaction ends. */
export async function lockOperators(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OPERATORS_LOCK})`);
}

/**
 * Whether an active operator (holding the role, not suspended) other than `userId` exists. Call it
 * after lockOperators, in the same transaction: the answer then holds until the commit.
 */
export async function hasOtherActiveOperator(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, userId), sql`'operator' = ANY(${users.roles})`, sql`${users.suspendedAt} IS NULL`))
    .limit(1);
  return rows.length > 0;
}

/** Whether any active operator (holding the role, not suspended) exists. */
export async function hasActiveOperator(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'operator' = ANY(${users.roles})`, sql`${users.suspendedAt} IS NULL`))
    .limit(1);
  return rows.length > 0;
}

/**
 * What the server prints at start when nobody can run the console yet: the one command that makes
 * an operator (cli/operator.ts), after signing up at `signupUrl`. Null once an active operator exists.
 */
export async function firstOperatorHint(db: Db, signupUrl: string): Promise<string | null> {
  if (await hasActiveOperator(db)) return null;
  return `No operator yet: sign up at ${signupUrl}, then make yourself one with: npm run operator -- grant <your email>`;
}

/**
 * Grants or revokes the operator role of the account found by id or email, refusing to revoke
 * the last active operator, and writes the audit entry in the same transaction.
 */
export async function changeOperatorRole(
  db: Db,
  target: { id: string } | { email: string },
  grant: boolean,
  actor: AuditActor,
  now: Date,
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    await lockOperators(tx);
    const where = 'id' in target ? eq(users.id, target.id) : eq(users.email, target.email.trim().toLowerCase());
    const [user] = await tx.select({ id: users.id, email: users.email, roles: users.roles }).from(users).where(where).for('update');
    if (!user) return 'no-such-user';
    const isOperator = user.roles.includes('operator');
    if (isOperator === grant) return 'unchanged';
    if (!grant && !(await hasOtherActiveOperator(tx, user.id))) return 'last-operator';
    const [updated] = await tx
      .update(users)
      .set({
        roles: grant ? sql`array_append(${users.roles}, 'operator')` : sql`array_remove(${users.roles}, 'operator')`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning({ roles: users.roles });
    await recordAudit(
      tx,
      actor,
      {
        action: grant ? 'operator.grant' : 'operator.revoke',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        before: { roles: user.roles },
        after: { roles: updated?.roles ?? [] },
      },
      now,
    );
    return grant ? 'granted' : 'revoked';
  });
}

/**
 * The running server's answer to the command line's `grant` / `revoke` on its control channel
 * (infra/control-channel.ts): the same change as the console's, audited as 'command line'.
 */
export function operatorControlHandler(db: Db, now: () => Date = () => new Date()) {
  return async (request: { command: string; email: string }): Promise<{ ok: true; result: RoleChange } | { ok: false; error: string }> => {
    if (request.command !== 'grant' && request.command !== 'revoke') return { ok: false, error: `Unknown command ${request.command}.` };
    const result = await changeOperatorRole(db, { email: request.email }, request.command === 'grant', COMMAND_LINE_ACTOR, now());
    return { ok: true, result };
  };
}
