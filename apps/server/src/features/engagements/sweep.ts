import { addDays, currentWeekStart, isLastDayOfWeek } from '@talentloop/contract/api/engagements';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, Tx } from '../../infra/db/client.ts';
import { startPeriodicSweep } from '../../infra/periodic-sweep.ts';
import { reminderMail } from './mails.ts';
import { approveMilestone } from './milestones.ts';
import { enqueueMails, insertMailsStatement, mailableOf, queueMailsStatement } from '../../infra/mail/outbox.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import { type IssueInvoiceInput, issueInvoices, prepareInvoices } from '../invoices/service.ts';
import { runGuarded } from '../../infra/db/script.ts';
import { entityKind } from 'drizzle-orm';
import { invoiceMailTo } from './invoice-mail.ts';
import {
  type EngagementRow,
  type TimesheetRow,
  activeHourlyEngagements,
  approveSubmittedWeeks,
  claimEndingEngagements,
  claimDueMilestones,
  claimDueTimesheets,
  claimReminder,
  mailParties,
  mailPartiesOf,
  peekDueTimesheets,
  approveWeeksStatement,
  batchGuard,
  roleTitleOf,
  timesheetInvoicesStatement,
  weekSent,
} from './queries.ts';
import { type Urls, endEngagement, queue, urlsOf } from './service.ts';
import { approveWeek, approvedWeekFacts, invoiceFacts, weekApprovedMails, weekInvoiceInput } from './timesheets.ts';

// The engagements' sweep (issue 34): approves submitted weeks and milestones left unanswered past
// their deadline (`auto_approve_at`), and sends the missing-timesheet reminder on the week's last
// day. Safe with any number of instances: each batch claims its rows in one transaction with
// SELECT ... FOR UPDATE SKIP LOCKED (a row another instance holds is skipped, not waited for), in
// batches of SWEEP_BATCH, then approves each (in its own savepoint) with the conditional write of
// `approveWeek` / `approveMilestone` (still 'submitted'), so a row is approved once however many
// sweeps run. A reminder is claimed by its
// (engagement, week) primary key: ON CONFLICT DO NOTHING RETURNING gives it to one instance only.
// It also ends engagements on their end date (issue 35, `endDue`), claimed the same way.

export const SWEEP_POLL_MS = 60_000;
/**
 * Rows one transaction claims; a run repeats batches until nothing is due. Small: on embedded
 * PGlite a transaction holds the one connection, so a batch is a pause for every other request.
 */
export const SWEEP_BATCH = 10;
/**
 * Weeks one transaction claims and approves set-based (a handful of statements for the whole
 * batch, decision 240): larger than SWEEP_BATCH because the batch's cost hardly grows with it.
 */
export const WEEK_BATCH = 25;
/**
 * Weeks one guarded batch prepares and writes on embedded PGlite (decision 298): as WEEK_BATCH.
 * Batches of 10 and 5 were measured: a shorter read tail, but 7.7 and 12.3 ms a week instead of 5.5
 * at load 11-12, past the 60 s for 10,000 weeks.
 */
export const GUARDED_WEEK_BATCH = WEEK_BATCH;
/**
 * Weeks one guarded transaction writes on embedded PGlite (decision 311): a request arriving while
 * the sweep writes waits for one such unit at most, so its cost bounds the sweep's mark on other
 * requests' latency; the batch's reads and preparation stay per GUARDED_WEEK_BATCH.
 */
export const GUARDED_UNIT = 4;

/**
 * After a batch's reads and preparation, and after each unit, the sweep pauses for as long as that
 * took (decision 311), so it takes about half of the embedded database's time at most: a request
 * finds the database free half the time and waits for one unit at most otherwise. Measured, not
 * tuned: on a slower machine the work and its pauses grow alike. (Units of 4 unpaced: about 19 s for
 * 10,000 weeks and a light read's p99 3.7x idle; paced: about 33 s and 1.35-1.5x.)
 */
const pauseFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Between two batches the sweep gives the event loop a turn (setImmediate: after the I/O callbacks
 * already queued), so requests that arrived during a batch run before the next batch takes the one
 * PGlite connection (a light read waited for batch after batch before).
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

type Deps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Weeks a guarded unit writes (GUARDED_UNIT; tests set fewer to see several units in a short history). */
  guardedUnit?: number;
};

/**
 * Approves every due week and milestone once; how many it approved (each queues its mails). Each
 * row is approved in its own savepoint: one that fails (logged) leaves the others approved, and a
 * batch that approves nothing ends the run (the failed rows are tried again on the next tick).
 */
export async function approveDue({ db, clock, config, log, guardedUnit = GUARDED_UNIT }: Deps): Promise<number> {
  const urls = urlsOf(config);
  let approved = 0;
  const each = async <T>(tx: Tx, work: (sp: Tx) => Promise<T | null>, what: string): Promise<boolean> => {
    try {
      return (await tx.transaction(work)) !== null;
    } catch (err) {
      log?.error({ err, what }, 'automatic approval failed');
      return false;
    }
  };
  // Embedded PGlite: batches prepared outside any transaction, each written by one guarded
  // transaction (decision 298); a batch that cannot be, or a guard that fails three times in a row,
  // leaves the rest to the transactions below.
  let weeksLeft = true;
  if (isEmbedded(db)) {
    let misses = 0;
    for (;;) {
      const done = await approveWeeksGuarded(db, urls, clock.now(), guardedUnit, log);
      if (done === undefined) break;
      approved += done.n;
      if (!done.held) {
        misses = done.n > 0 ? 0 : misses + 1;
        if (misses >= 3) break;
        await yieldToRequests();
        continue;
      }
      misses = 0;
      if (done.claimed < GUARDED_WEEK_BATCH) {
        weeksLeft = false;
        break;
      }
      await yieldToRequests();
    }
  }
  for (; weeksLeft; ) {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const due = await claimDueTimesheets(tx, now, WEEK_BATCH);
      if (due.length === 0) return { claimed: 0, n: 0 };
      let n: number;
      try {
        // The whole batch in one savepoint, set-based.
        n = await tx.transaction((sp) => approveWeeks(sp, urls, due, now));
      } catch (err) {
        // One bad row (a party's details no longer ready...) fails the batch: then each on its own, as before.
        log?.error({ err }, 'automatic approval of a batch failed: approving one at a time');
        n = 0;
        for (const { timesheet, engagement } of due) {
          if (await each(tx, (sp) => approveWeek(sp, urls, engagement, timesheet, 'automatic', now), `timesheet ${timesheet.id}`)) n += 1;
        }
      }
      approved += n;
      return { claimed: due.length, n };
    });
    if (done.claimed < WEEK_BATCH || done.n === 0) break;
    await yieldToRequests();
  }
  for (;;) {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const due = await claimDueMilestones(tx, now, SWEEP_BATCH);
      let n = 0;
      for (const { milestone, engagement } of due) {
        if (await each(tx, (sp) => approveMilestone(sp, urls, engagement, milestone, 'automatic', now), `milestone ${milestone.id}`))
          n += 1;
      }
      approved += n;
      return { claimed: due.length, n };
    });
    if (done.claimed < SWEEP_BATCH || done.n === 0) break;
    await yieldToRequests();
  }
  return approved;
}

/**
 * Approves claimed weeks set-based in the caller's transaction (decisions 240, 282): one conditional
 * UPDATE (still 'submitted'), the parties read once, then the invoices issued together
 * (`issueInvoices`: snapshots and counters a statement each, then ONE statement writing the
 * documents, the counters' advance, the entries and lines, and, given here, the weeks' invoice ids
 * and every mail). Throws when any of it fails (the caller then approves one at a time). How many
 * weeks it approved.
 */
async function approveWeeks(tx: Tx, urls: Urls, due: ReadonlyArray<{ timesheet: TimesheetRow; engagement: EngagementRow }>, now: Date) {
  const engagementOf = new Map(due.map((d) => [d.timesheet.id, d.engagement]));
  const approved = await approveSubmittedWeeks(
    tx,
    due.map((d) => d.timesheet.id),
    'automatic',
    now,
  );
  const weeks = approved.map((sheet) => {
    const e = engagementOf.get(sheet.id);
    if (!e) throw new Error('an approved week outside the batch');
    return { sheet, e, input: weekInvoiceInput(e, sheet, now) };
  });
  const parties = await mailPartiesOf(
    tx,
    weeks.map((w) => w.e),
  );
  const invoiceOf = new Map<string, { invoiceId: string; recipientEmail: string }>();
  // Every mail, once every week's invoice is known.
  const mailsOf = () => weekMails(urls, weeks, parties, invoiceOf);
  // Their INSERT, after the outbox's recipient read, to run in the invoices' statement.
  const mailsStatement = async () => {
    const queued = await queueMailsStatement(tx, mailsOf(), now);
    return queued ? [queued.statement] : [];
  };
  // Invoices are numbered per issuer and year: one batch per year of issue (a batch at New Year has two).
  const byYear = new Map<string, typeof weeks>();
  for (const w of weeks) {
    if (!w.input) continue;
    const year = w.input.issueDate.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), w]);
  }
  const groups = [...byYear.values()];
  for (const [n, group] of groups.entries()) {
    await issueInvoices(
      tx,
      group.map((w) => w.input as IssueInvoiceInput),
      {
        // The weeks' invoice ids and (with the last year's) the mails go in the invoices' statement.
        also: async (docs) => {
          group.forEach((w, i) => {
            const doc = docs[i];
            if (doc) invoiceOf.set(w.sheet.id, doc);
          });
          const pairs = group.flatMap((w) => {
            const doc = invoiceOf.get(w.sheet.id);
            return doc ? [{ id: w.sheet.id, invoiceId: doc.invoiceId }] : [];
          });
          return [timesheetInvoicesStatement(pairs), ...(n === groups.length - 1 ? await mailsStatement() : [])];
        },
      },
    );
  }
  // No invoice at all (weeks without billable time): the mails on their own.
  if (groups.length === 0) await enqueueMails(tx, mailsOf(), now);
  return approved.length;
}

/** The mails of automatically approved weeks: each week's, and its invoice's to the company. */
function weekMails(
  urls: Urls,
  weeks: ReadonlyArray<{ sheet: TimesheetRow; e: EngagementRow }>,
  parties: Awaited<ReturnType<typeof mailPartiesOf>>,
  invoiceOf: ReadonlyMap<string, { recipientEmail: string }>,
): Mail[] {
  return weeks
    .flatMap(({ sheet, e }) => {
      const party = parties.get(e.id);
      if (!party) throw new Error('engagement without its parties');
      const week = approvedWeekFacts(e, sheet, 'automatic');
      const invoice = invoiceOf.get(sheet.id);
      return [...weekApprovedMails(urls, party, week), invoice && invoiceMailTo(invoice.recipientEmail, urls, party, invoiceFacts(week))];
    })
    .filter((m): m is Mail => !!m);
}

/** Embedded PGlite (in its worker or in-thread): one connection, one instance per data directory. */
const isEmbedded = (db: Db) => (db.constructor as { [entityKind]?: string })[entityKind] === 'PgliteDatabase';

/**
 * A batch of due weeks approved with no transaction held while it is prepared (decision 298, embedded
 * PGlite): the weeks read without a lock, the invoices prepared (`prepareInvoices`: snapshots, fee
 * split, the numbers after the issuers' counters as read), the mails rendered and their recipients
 * checked; then the batch written in units of GUARDED_UNIT weeks (decision 311), each ONE guarded
 * transaction sent whole to the database's thread that writes its documents, entries and lines,
 * counters, weeks (approved, with their invoices) and mails, only if each of its weeks is still
 * submitted and due at the version read and each of its issuers' counters is where the units before
 * left it (so the numbers stay gapless and a week is approved once). A request waits for one unit at
 * most. How many it claimed and approved, and whether every unit's guard held (false: something
 * changed meanwhile; the rest is read again); undefined when this batch must go the transaction's way
 * (a batch across New Year, a party's details not ready, a write that failed).
 */
async function approveWeeksGuarded(db: Db, urls: Urls, now: Date, unitSize: number, log?: Deps['log']) {
  const preparing = performance.now();
  const due = await peekDueTimesheets(db, now, GUARDED_WEEK_BATCH);
  if (due.length === 0) return { claimed: 0, n: 0, held: true };
  const weeks = due.map(({ timesheet, engagement: e }) => {
    const sheet: TimesheetRow = {
      ...timesheet,
      status: 'approved',
      approvedAt: now,
      approvedBy: 'automatic',
      autoApproveAt: null,
      version: timesheet.version + 1,
      updatedAt: now,
    };
    return { sheet, e, read: timesheet, input: weekInvoiceInput(e, sheet, now) };
  });
  const billedOf = (unit: typeof weeks) => unit.filter((w): w is typeof w & { input: IssueInvoiceInput } => !!w.input);
  if (new Set(billedOf(weeks).map((w) => w.input.issueDate.slice(0, 4))).size > 1) return undefined;
  const units: Array<typeof weeks> = [];
  for (let from = 0; from < weeks.length; from += unitSize) units.push(weeks.slice(from, from + unitSize));
  let n = 0;
  try {
    const parties = await mailPartiesOf(
      db,
      weeks.map((w) => w.e),
    );
    const prepared =
      billedOf(weeks).length > 0
        ? await prepareInvoices(
            db,
            units.map((unit) => billedOf(unit).map((w) => w.input)),
          )
        : undefined;
    const invoiceOf = new Map<string, { invoiceId: string; recipientEmail: string }>();
    units.forEach((unit, u) => {
      billedOf(unit).forEach((w, i) => {
        const doc = prepared?.[u]?.docs[i];
        if (doc) invoiceOf.set(w.sheet.id, doc);
      });
    });
    // Rendered a unit at a time, with a turn of the event loop between: requests are handled meanwhile.
    const mailsOf: Mail[][] = [];
    for (const unit of units) {
      if (mailsOf.length > 0) await yieldToRequests();
      mailsOf.push(weekMails(urls, unit, parties, invoiceOf));
    }
    const allowed = new Set(await mailableOf(db, mailsOf.flat()));
    // As after each unit: a pause as long as the batch's reads and preparation took.
    await pauseFor(performance.now() - preparing);
    for (const [u, unit] of units.entries()) {
      const started = performance.now();
      const queued = insertMailsStatement(
        db,
        (mailsOf[u] ?? []).filter((m) => allowed.has(m)),
        now,
      );
      const guard = batchGuard(
        unit.map((w) => ({ id: w.read.id, version: w.read.version })),
        now,
        prepared?.[u]?.guard,
      );
      const held = await runGuarded(db, guard, [
        ...(prepared?.[u]?.statements ?? []),
        approveWeeksStatement(
          unit.map((w) => ({ id: w.sheet.id, invoiceId: invoiceOf.get(w.sheet.id)?.invoiceId ?? null })),
          now,
        ),
        ...(queued ? [queued.statement] : []),
      ]);
      // The units after it were numbered after it: read again.
      if (!held) return { claimed: due.length, n, held: false };
      n += unit.length;
      await pauseFor(performance.now() - started);
    }
    return { claimed: due.length, n, held: true };
  } catch (err) {
    log?.error({ err, approved: n }, 'automatic approval of a prepared batch failed: approving in transactions');
    return undefined;
  }
}

/**
 * On the last day (Sunday) of an active hourly engagement's week in its zone, reminds the
 * freelancer once when nothing was submitted for that week (no week submitted or approved).
 */
export async function sendReminders({ db, clock, config }: Deps): Promise<number> {
  const urls = urlsOf(config);
  const now = clock.now();
  const active = await activeHourlyEngagements(db);
  let queued = 0;
  for (const e of active) {
    if (!isLastDayOfWeek(now, e.timeZone)) continue;
    const weekStart = currentWeekStart(now, e.timeZone);
    // Only a week the engagement has days in.
    if (e.startDate > addDays(weekStart, 6) || (e.endDate !== null && e.endDate < weekStart)) continue;
    queued += await db.transaction(async (tx) => {
      if (await weekSent(tx, e.id, weekStart)) return 0;
      if (!(await claimReminder(tx, e.id, weekStart, now))) return 0;
      const p = await mailParties(tx, e);
      if (!p.freelancer) return 0;
      const roleTitle = await roleTitleOf(tx, e);
      await queue(tx, [reminderMail({ ...p.freelancer, url: urls.freelancer }, { ...p, roleTitle }, weekStart)], now);
      return 1;
    });
  }
  return queued;
}

/**
 * Ends every active engagement whose end date has begun in its zone (issue 35), once however many
 * instances run it: each batch claims its rows FOR UPDATE SKIP LOCKED and ends each with the
 * conditional write of `endEngagement` (still active), which finishes the hire and mails both sides.
 */
export async function endDue({ db, clock, config, log }: Deps): Promise<number> {
  const urls = urlsOf(config);
  let ended = 0;
  for (;;) {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const due = await claimEndingEngagements(tx, now, SWEEP_BATCH);
      let n = 0;
      for (const e of due) {
        try {
          if ((await tx.transaction((sp) => endEngagement(sp, urls, e, now))) !== null) n += 1;
        } catch (err) {
          log?.error({ err, what: `engagement ${e.id}` }, 'ending an engagement failed');
        }
      }
      ended += n;
      return { claimed: due.length, n };
    });
    if (done.claimed < SWEEP_BATCH || done.n === 0) break;
    await yieldToRequests();
  }
  return ended;
}

/** Ticks every `pollMs` (not at start); `tick()` runs one now (tests). */
export function startEngagementSweep(deps: Deps & { log: FastifyBaseLogger; pollMs?: number; onQueued?: () => void }) {
  return startPeriodicSweep({
    work: async () => (await approveDue(deps)) + (await endDue(deps)) + (await sendReminders(deps)),
    pollMs: deps.pollMs ?? SWEEP_POLL_MS,
    log: deps.log,
    failure: 'engagement sweep failed',
    onQueued: deps.onQueued,
  });
}
export type EngagementSweep = ReturnType<typeof startEngagementSweep>;
