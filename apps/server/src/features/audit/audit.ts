import type { AuditAction, AuditTargetType } from '@talentloop/contract/api/operator-console';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { auditLog } from '../../infra/db/schema.ts';

// The audit log (issue 21): every operator action, written by the action's own transaction, so an
// action without its entry (or an entry without its action) cannot exist. Append-only: this module
// only inserts; the table's trigger (0016) refuses UPDATE and DELETE from anything else.

/** The operator acting, as the entry keeps them (the email as it was); id null for the command line (cli/operator.ts). */
export type AuditActor = { id: string | null; email: string };

export type AuditRecord = {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** What a reader recognises the record by (an email, a company name). */
  targetLabel?: string;
  /** The record's relevant fields before and after the action (small objects, no secrets). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

/** Writes one entry. Call it inside the action's transaction (`tx`), after the action's write succeeded. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, record: AuditRecord, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.id,
    operatorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel: record.targetLabel ?? '',
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    createdAt: now,
  });
}

/**
 * The same entry as a statement to run inside another of the action's statements (a data-modifying
 * CTE: a statement import's chunk writes its row in the statement that posts its entries, one round
 * trip fewer while PGlite's one connection is held). Still in the action's transaction.
 */
export function auditInsertStatement(actor: AuditActor, record: AuditRecord, now: Date, when?: SQL): SQL {
  const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);
  const values = sql`${actor.id}::uuid, ${actor.email}::text, ${record.action}::text, ${record.targetType}::text, ${record.targetId}::text, ${record.targetLabel ?? ''}::text,
      ${json(record.before)}::jsonb, ${json(record.after)}::jsonb, ${record.reason ?? null}::text, ${now.toISOString()}::timestamptz`;
  const insert = sql`INSERT INTO audit_log (operator_id, operator_email, action, target_type, target_id, target_label, before, after, reason, created_at)`;
  // `when`: a condition of the statement it runs in (decision 298: an import chunk's guard); the row is written only if it holds.
  return when ? sql`${insert} SELECT ${values} WHERE ${when}` : sql`${insert} VALUES (${values})`;
}
