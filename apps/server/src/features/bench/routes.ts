import crypto from 'node:crypto';
import { isUuid } from '@talentloop/contract/validation/ids';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { OUTSIDE_CONTRACT } from '../../http/route.ts';
import { currentUser } from '../../http/guards.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { users } from '../../infra/db/schema.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { ensureCompany, findCompany } from '../company/service.ts';
import { type SkillInput, createFreelancerProfileService } from '../freelancer-profile/service.ts';
import { type BankDetails, issueInvoice, renderInvoicePdf } from '../invoices/service.ts';
import { balancesOf } from '../ledger/service.ts';
import { approveDue } from '../engagements/sweep.ts';
import { seedJournal } from './ledger-seed.ts';
import { seedConversation } from './messages-seed.ts';
import { seedDueWeeks } from './sweep-seed.ts';
import { createPayoutService, sepaFile } from '../payouts/service.ts';
import { importStatement } from '../receipts/service.ts';
import { benchStatementXml, seedPayables, seedStatementInvoices } from './money-seed.ts';

// The bench's controls (scripts/bench.sh, issue 12): figures measured in the same server process
// as the rows they are compared with. Registered only when the config's benchControls is on
// (BENCH_CONTROLS=on); otherwise these paths answer 404 like any unknown path. Not part of the
// contract: no client may depend on them.
//
// - GET /bench/hello: the framework's floor (no database).
// - GET /bench/pk?id=<uuid>: one primary-key read of one row (users), no auth.
// - PUT /bench/skills: the skills save's write (the same service call, so the same SQL) behind the
//   same auth guard, without the contract's body schema or response serializer: the "unvalidated
//   twin" the real PUT /freelancer-settings/skills-details is compared with.
// - GET /bench/heavy?rows=<n>: one slow statement (counts a generated series of n rows, no table),
//   the load of the "light read while a heavy query runs" row (embedded database in a worker thread).
// - POST /bench/ledger-seed: as a company owner (ready billing details), with { freelancerId,
//   entries, others }: one real invoice from that freelancer (returned), `entries` journal entries
//   of the company and `others` of other companies (issue 34's balance row).
// - GET /bench/balance?companyId=<uuid>: the company's receivable balance (balancesOf, the same
//   statement as every balance read).
// - GET /bench/invoice-render?invoiceId=<uuid>: renders the invoice's PDF without storing it (the
//   rendering row; the stored PDF is served by the real download endpoint).
// - POST /bench/sweep-seed: as a company owner (ready billing details), with { freelancerIds, weeks }:
//   that many submitted weeks past their deadline over one engagement per freelancer (issue 34's
//   automatic-approval row, decision 240).
// - POST /bench/sweep-run: runs the automatic approval (`approveDue`, the very function the
//   periodic sweep runs) until nothing is due: how many it approved, how many are still due, its ms.
// - POST /bench/statement-import with { lines, actorId }: a camt.053 statement of that many credit
//   lines to the configured IBAN, each quoting a payment reference, imported by the real import
//   (`importStatement`: parsed, inserted, matched, posted) as that user: its result and ms (issue 35).
//   Every BENCH_PAYING_EVERY-th line (10th) pays an invoice seeded for it first (outside the timing),
//   in full, so the import also releases those invoices (decision 299).
// - POST /bench/payout-seed with { count }: that many freelancers with IBAN details and EUR payable.
// - POST /bench/payout-run with { actorId }: a payout batch of everything payable made, its SEPA file
//   written and the batch sent (the real payout service): its lines and ms (issue 35).
// - POST /bench/messages-seed: as a company owner, with { freelancerId, messages, others }: one
//   conversation of `messages` lines between the company and that freelancer (returned), and `others`
//   lines in 10 other conversations beside it (issue 36's long-conversation row); read through the
//   real GET /conversations/:id.

type Deps = { db: Db; clock: Clock; storage: FileStorage; auth: preHandlerHookHandler; bank: BankDetails; publicUrl: string };

/** Upper bound of /bench/heavy's series: about a minute of one core. */
const HEAVY_MAX_ROWS = 500_000_000;

export async function benchRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const profiles = createFreelancerProfileService(deps);

  app.get('/bench/hello', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async () => ({ hello: 'world' }));

  app.get('/bench/pk', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const id = (request.query as { id?: unknown }).id;
    if (!isUuid(id)) throw new AppError('TL_CORE_00400_E');
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return { id: row?.id ?? null };
  });

  app.get('/bench/heavy', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const raw = (request.query as { rows?: unknown }).rows;
    const rows = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(rows >= 1 && rows <= HEAVY_MAX_ROWS)) throw new AppError('TL_CORE_00400_E');
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM generate_series(1, ${rows}::int)`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return { rows: result.rows[0]?.n ?? 0 };
  });

  app.put('/bench/skills', { schema: { hide: true }, config: OUTSIDE_CONTRACT, preHandler: [deps.auth] }, async (request) => {
    const body = request.body as { skills?: unknown; version?: unknown } | undefined;
    if (!body || !Array.isArray(body.skills)) throw new AppError('TL_CORE_00400_E');
    const version = typeof body.version === 'number' ? body.version : undefined;
    return profiles.saveSkills(currentUser(request).id, body.skills as SkillInput[], version);
  });

  app.post('/bench/ledger-seed', { schema: { hide: true }, config: OUTSIDE_CONTRACT, preHandler: [deps.auth] }, async (request) => {
    const body = request.body as { freelancerId?: unknown; entries?: unknown; others?: unknown } | undefined;
    const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 200_000 ? v : Number.NaN);
    const entries = count(body?.entries);
    const others = count(body?.others);
    if (!isUuid(body?.freelancerId) || Number.isNaN(entries) || Number.isNaN(others)) throw new AppError('TL_CORE_00400_E');
    const freelancerId = body.freelancerId;
    const company = await findCompany(db, currentUser(request).id);
    if (!company) throw new AppError('TL_CORE_00404_E');
    const issued = await db.transaction((tx) =>
      issueInvoice(tx, {
        engagementId: crypto.randomUUID(),
        companyId: company.id,
        freelancerId,
        currency: 'INR',
        source: { kind: 'timesheet', id: crypto.randomUUID() },
        purpose: 'work_approved',
        lines: Array.from({ length: 7 }, (_, day) => ({
          description: `Day ${day + 1}: design system work, reviews and fixes`,
          quarterHours: 30,
          unitMinor: 250_000,
          amountMinor: 1_875_000,
        })),
        poNumber: 'PO-BENCH',
        issueDate: '2026-11-27',
        dueDays: 14,
      }),
    );
    await seedJournal(db, { companyId: company.id, freelancerId, entries });
    if (others > 0)
      await seedJournal(db, { companyId: crypto.randomUUID(), freelancerId: crypto.randomUUID(), entries: others, batch: 5_000 });
    await db.execute(sql`VACUUM ANALYZE journal_lines`);
    return { companyId: company.id, invoiceId: issued.invoiceId };
  });

  app.post('/bench/sweep-seed', { schema: { hide: true }, config: OUTSIDE_CONTRACT, preHandler: [deps.auth] }, async (request) => {
    const body = request.body as { freelancerIds?: unknown; weeks?: unknown } | undefined;
    const ids = Array.isArray(body?.freelancerIds) ? body.freelancerIds : [];
    const weeks =
      typeof body?.weeks === 'number' && Number.isInteger(body.weeks) && body.weeks >= 0 && body.weeks <= 100_000 ? body.weeks : -1;
    if (ids.length === 0 || ids.length > 1_000 || !ids.every(isUuid) || weeks < 0) throw new AppError('TL_CORE_00400_E');
    const company = await findCompany(db, currentUser(request).id);
    if (!company) throw new AppError('TL_CORE_00404_E');
    await seedDueWeeks(db, { companyId: company.id, freelancerIds: ids, weeks, now: deps.clock.now() });
    await db.execute(sql`VACUUM ANALYZE timesheets`);
    return { companyId: company.id };
  });

  app.post('/bench/sweep-run', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async () => {
    const started = process.hrtime.bigint();
    const approved = await approveDue({ db, clock: deps.clock, config: { publicUrl: deps.publicUrl } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM timesheets WHERE status = 'submitted' AND auto_approve_at <= ${deps.clock.now()}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return { approved, remaining: result.rows[0]?.n ?? 0, ms };
  });

  const actorOf = async (id: unknown) => {
    if (!isUuid(id)) throw new AppError('TL_CORE_00400_E');
    const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));
    if (!row) throw new AppError('TL_CORE_00404_E');
    return row;
  };
  const boundedCount = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 50_000 ? v : Number.NaN);

  app.post('/bench/statement-import', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const body = request.body as { lines?: unknown; actorId?: unknown } | undefined;
    const lines = boundedCount(body?.lines);
    if (Number.isNaN(lines) || !deps.bank.iban) throw new AppError('TL_CORE_00400_E');
    const actor = await actorOf(body?.actorId);
    const now = deps.clock.now();
    // Every BENCH_PAYING_EVERY-th line pays an invoice in full, released at once (decision 299).
    await seedStatementInvoices(db, { lines, day: now.toISOString().slice(0, 10) });
    const content = benchStatementXml({
      iban: deps.bank.iban.replace(/\s/g, ''),
      day: now.toISOString().slice(0, 10),
      lines,
      statementRef: `BENCH-${crypto.randomUUID()}`,
    });
    const started = process.hrtime.bigint();
    const result = await importStatement({ db, bank: deps.bank, publicUrl: deps.publicUrl }, actor, { format: 'camt053', content }, now);
    return { result, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  });

  app.post('/bench/payout-seed', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const count = boundedCount((request.body as { count?: unknown } | undefined)?.count);
    if (Number.isNaN(count)) throw new AppError('TL_CORE_00400_E');
    await seedPayables(db, count);
    await db.execute(sql`VACUUM ANALYZE journal_lines`);
    return { count };
  });

  app.post('/bench/payout-run', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const actor = await actorOf((request.body as { actorId?: unknown } | undefined)?.actorId);
    const payouts = createPayoutService({ db });
    const started = process.hrtime.bigint();
    const made = await payouts.createBatch(actor, deps.clock.now());
    const file = await sepaFile(db, made.id, deps.bank, deps.clock.now());
    const sent = await payouts.sendBatch(actor, made.id, made.version, deps.clock.now());
    return { lines: sent.lineCount, status: sent.status, fileBytes: file.length, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  });

  app.post('/bench/messages-seed', { schema: { hide: true }, config: OUTSIDE_CONTRACT, preHandler: [deps.auth] }, async (request) => {
    const body = request.body as { freelancerId?: unknown; messages?: unknown; others?: unknown } | undefined;
    const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 200_000 ? v : Number.NaN);
    const messages = count(body?.messages);
    const others = count(body?.others);
    if (!isUuid(body?.freelancerId) || Number.isNaN(messages) || Number.isNaN(others)) throw new AppError('TL_CORE_00400_E');
    const company = await ensureCompany(db, currentUser(request).id);
    const parties = { companyId: company.id, freelancerId: body.freelancerId, now: deps.clock.now() };
    const conversationId = await seedConversation(db, { ...parties, messages });
    for (let i = 0; i < 10 && others > 0; i++) await seedConversation(db, { ...parties, messages: Math.ceil(others / 10) });
    await db.execute(sql`VACUUM ANALYZE messages`);
    return { conversationId };
  });

  app.get('/bench/balance', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const companyId = (request.query as { companyId?: unknown }).companyId;
    if (!isUuid(companyId)) throw new AppError('TL_CORE_00400_E');
    return { balances: await balancesOf(db, { companyId }, 'company_receivable') };
  });

  app.get('/bench/invoice-render', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async (request) => {
    const invoiceId = (request.query as { invoiceId?: unknown }).invoiceId;
    if (!isUuid(invoiceId)) throw new AppError('TL_CORE_00400_E');
    const pdf = await renderInvoicePdf(db, invoiceId, deps.bank);
    if (!pdf) throw new AppError('TL_CORE_00404_E');
    return { bytes: pdf.length };
  });
}
