import type { AuditEntry, AuditQuery, ConsoleOverview } from '@talentloop/contract/api/operator-console';
import { AUDIT_PAGE_SIZE } from '@talentloop/contract/api/operator-console';
import { type SQL, and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { auditLog } from '../../infra/db/schema.ts';
import { moneyQueues } from '../receipts/service.ts';

// The console's overview and the audit log (issue 21): reads only.

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * What waits in each queue, one statement: profiles in review, pending document submissions, new
 * partner requests, upcoming booked support calls, open payout batches (draft or sent); and today's (UTC) sign-ups by role, demo rows
 * never counted.
 */
export async function readOverview(db: Db, now: Date): Promise<ConsoleOverview> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  type Row = {
    vetting_n: number;
    vetting_at: Date | string | null;
    documents_n: number;
    documents_at: Date | string | null;
    partners_n: number;
    partners_at: Date | string | null;
    calls_n: number;
    calls_at: Date | string | null;
    payouts_n: number;
    payouts_at: Date | string | null;
    disputes_n: number;
    disputes_at: Date | string | null;
    freelancers_today: number;
    companies_today: number;
  };
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM freelancer_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.vetting_status = 'in_review' AND NOT u.demo) AS vetting_n,
      (SELECT min(p.vetting_status_at) FROM freelancer_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.vetting_status = 'in_review' AND NOT u.demo) AS vetting_at,
      (SELECT count(*)::int FROM company_verification_submissions WHERE status = 'pending') AS documents_n,
      (SELECT min(created_at) FROM company_verification_submissions WHERE status = 'pending') AS documents_at,
      (SELECT count(*)::int FROM partner_requests WHERE status = 'new') AS partners_n,
      (SELECT min(created_at) FROM partner_requests WHERE status = 'new') AS partners_at,
      (SELECT count(*)::int FROM support_bookings WHERE status = 'booked' AND slot_end > ${now.toISOString()}::timestamptz) AS calls_n,
      (SELECT min(slot_start) FROM support_bookings WHERE status = 'booked' AND slot_end > ${now.toISOString()}::timestamptz) AS calls_at,
      (SELECT count(*)::int FROM payout_batches WHERE status IN ('draft', 'sent')) AS payouts_n,
      (SELECT min(created_at) FROM payout_batches WHERE status IN ('draft', 'sent')) AS payouts_at,
      (SELECT count(*)::int FROM disputes WHERE status <> 'decided') AS disputes_n,
      (SELECT min(opened_at) FROM disputes WHERE status <> 'decided') AS disputes_at,
      (SELECT count(*)::int FROM users WHERE NOT demo AND created_at >= ${dayStart.toISOString()}::timestamptz
        AND NOT ('client' = ANY(roles))) AS freelancers_today,
      (SELECT count(*)::int FROM users WHERE NOT demo AND created_at >= ${dayStart.toISOString()}::timestamptz
        AND 'client' = ANY(roles)) AS companies_today
  `);
  const [row] = rowsOf<Row>(result);
  if (!row) throw new Error('overview: no row');
  return {
    queues: {
      vetting: { waiting: Number(row.vetting_n), oldestAt: iso(row.vetting_at) },
      documents: { waiting: Number(row.documents_n), oldestAt: iso(row.documents_at) },
      partnerRequests: { waiting: Number(row.partners_n), oldestAt: iso(row.partners_at) },
      supportCalls: { waiting: Number(row.calls_n), oldestAt: iso(row.calls_at) },
      ...(await moneyQueues(db)),
      payouts: { waiting: Number(row.payouts_n), oldestAt: iso(row.payouts_at) },
      disputes: { waiting: Number(row.disputes_n), oldestAt: iso(row.disputes_at) },
    },
    signupsToday: { freelancers: Number(row.freelancers_today), companies: Number(row.companies_today) },
  };
}

/** One page of the audit log, newest first (id order: ids grow with time within one database). */
export async function readAuditPage(db: Db, query: AuditQuery): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const where: SQL[] = [];
  if (query.operatorId) where.push(eq(auditLog.operatorId, query.operatorId));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(auditLog.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      operatorId: r.operatorId,
      operatorEmail: r.operatorEmail,
      action: r.action as AuditEntry['action'],
      targetType: r.targetType as AuditEntry['targetType'],
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
    })),
    nextBefore: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Everyone who ever acted (for the operator filter), by email. */
export async function readAuditOperators(db: Db): Promise<{ id: string; email: string }[]> {
  const rows = await db
    .selectDistinctOn([auditLog.operatorId], { id: auditLog.operatorId, email: auditLog.operatorEmail })
    .from(auditLog)
    .where(sql`${auditLog.operatorId} IS NOT NULL`)
    .orderBy(auditLog.operatorId, desc(auditLog.id));
  return rows.flatMap((r) => (r.id ? [{ id: r.id, email: r.email }] : [])).sort((a, b) => a.email.localeCompare(b.email));
}
