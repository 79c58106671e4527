import {
  PAYOUT_BATCH_STATUS_LABELS,
  PAYOUT_BLOCK_LABELS,
  PAYOUT_LINE_STATUS_LABELS,
  PAYOUT_MESSAGES,
  type PayoutBatchSummary,
  type PayoutLineRead,
} from '@talentloop/contract/api/payouts';
import { formatMoney } from '@talentloop/contract/rules/money';
import { z } from 'zod';
import { Download, Landmark } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { EmptyState, QueueSection, QueueSkeleton } from '../../../ui/queue-page.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { downloadPayoutFile, usePayoutAction, usePayoutBatch, usePayouts } from '../api/payouts.ts';

// Payout batches (issue 35, decisions 216-218): what is payable per freelancer and currency (those
// who cannot be paid yet, with why), a batch of everything payable, its bank files (SEPA pain.001
// for EUR, CSV for the rest), marked sent, then each payout paid or returned. Accounts are masked
// here; only the downloaded files carry them in full.

const FAILED = { title: 'Not done', message: 'Please try again.' };
const ReturnReason = z.string().trim().min(1, PAYOUT_MESSAGES.returnReasonRequired).max(300);

const totalsText = (totals: PayoutBatchSummary['totals']) =>
  totals.length ? totals.map((t) => formatMoney(t.amountMinor, t.currency)).join(' · ') : 'No payouts';

export function PayoutsPage() {
  const list = usePayouts();
  const action = usePayoutAction();
  const [openBatch, setOpenBatch] = useState<string | null>(null);
  const payable = list.data?.payable ?? [];
  const batches = list.data?.batches ?? [];
  const ready = payable.filter((p) => p.blocked === null);

  async function create() {
    try {
      const res = await action.mutateAsync({ kind: 'create' });
      if ('batch' in res) setOpenBatch(res.batch.id);
      notify.success(PAYOUT_MESSAGES.batchCreated);
    } catch (err) {
      const shown = errorMessage(err, { fallback: FAILED, codes: 'all' });
      notify.error(shown.title, shown.message);
    }
  }

  return (
    <ConsolePage
      title="Payouts"
      description="Money owed to freelancers, paid out in batches: make a batch, download its bank files, mark it sent, then mark each payout paid or returned."
      actions={
        <Button onClick={create} pending={action.isPending && action.variables?.kind === 'create'} disabled={ready.length === 0}>
          Create batch
        </Button>
      }
    >
      <QueueSection
        label="Payable now"
        labelId="payable-now"
        fetching={list.isFetching}
        error={list.isError ? 'Failed to get the payouts. Please try again.' : null}
        onRetry={() => list.refetch()}
        loading={list.isPending}
        skeleton={<QueueSkeleton rows={2} />}
        empty={
          payable.length === 0 ? (
            <EmptyState
              icon={Landmark}
              title="Nothing payable"
              message="When freelancers are owed money that is not in a batch yet, it shows here."
            />
          ) : undefined
        }
        above={<h2 className="mb-3 text-lg font-semibold text-ink">Payable now</h2>}
      >
        <ul className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white">
          {payable.map((p) => (
            <li
              key={`${p.freelancerId}-${p.currency}`}
              className="flex flex-col gap-1 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="font-semibold break-words text-ink">{p.freelancerName}</span>
              <span className="text-ink">{formatMoney(p.amountMinor, p.currency)}</span>
              <span className={p.blocked ? 'font-medium text-danger' : 'text-muted'}>
                {p.blocked ? `Blocked: ${PAYOUT_BLOCK_LABELS[p.blocked]}` : 'Goes into the next batch'}
              </span>
            </li>
          ))}
        </ul>
      </QueueSection>

      <section aria-labelledby="payout-batches" className="mt-8">
        <h2 id="payout-batches" className="mb-3 text-lg font-semibold text-ink">
          Batches
        </h2>
        {batches.length === 0 ? (
          <p className="rounded-xl bg-surface p-4 text-sm text-muted">No batches yet.</p>
        ) : (
          <ul className="space-y-3">
            {batches.map((b) => (
              <li key={b.id} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-ink">Batch of {formatDateTime(b.createdAt)}</h3>
                    <p className="text-sm text-muted">
                      {PAYOUT_BATCH_STATUS_LABELS[b.status]} · {b.lineCount} {b.lineCount === 1 ? 'payout' : 'payouts'} ·{' '}
                      {totalsText(b.totals)}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-expanded={openBatch === b.id}
                    onClick={() => setOpenBatch(openBatch === b.id ? null : b.id)}
                  >
                    {openBatch === b.id ? 'Hide payouts' : 'Show payouts'}
                  </Button>
                </div>
                {openBatch === b.id && <BatchDetail batch={b} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </ConsolePage>
  );
}

function BatchDetail({ batch }: { batch: PayoutBatchSummary }) {
  const detail = usePayoutBatch(batch.id);
  const action = usePayoutAction();
  const [paidOn, setPaidOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [returning, setReturning] = useState<PayoutLineRead | null>(null);
  const [returnError, setReturnError] = useState<string | null>(null);
  const lines = detail.data?.lines ?? [];
  const hasEur = lines.some((l) => l.currency === 'EUR');
  const hasOther = lines.some((l) => l.currency !== 'EUR');

  async function run(a: Parameters<typeof action.mutateAsync>[0], done: string) {
    try {
      await action.mutateAsync(a);
      await detail.refetch();
      notify.success(done);
      return true;
    } catch (err) {
      const shown = errorMessage(err, { fallback: FAILED, codes: 'all' });
      notify.error(shown.title, shown.message);
      return false;
    }
  }

  async function download(kind: 'sepa' | 'csv') {
    try {
      await downloadPayoutFile(batch.id, kind);
    } catch {
      notify.error('Download failed', 'Please try again.');
    }
  }

  if (detail.isError) return <p className="mt-3 text-sm text-danger">Failed to get this batch’s payouts.</p>;
  if (!detail.data) return <QueueSkeleton rows={1} />;

  return (
    <div className="mt-4 space-y-4 border-t border-line pt-4">
      <div className="flex flex-wrap gap-3">
        {hasEur && (
          <Button variant="secondary" onClick={() => download('sepa')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            SEPA file (EUR)
          </Button>
        )}
        {hasOther && (
          <Button variant="secondary" onClick={() => download('csv')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            CSV file (other currencies)
          </Button>
        )}
        {batch.status === 'draft' && (
          <Button
            onClick={() => run({ kind: 'send', batchId: batch.id, version: detail.data.batch.version }, PAYOUT_MESSAGES.batchSent)}
            disabled={lines.length === 0}
          >
            Mark batch sent
          </Button>
        )}
      </div>
      {batch.status === 'sent' && (
        <div className="max-w-xs">
          <TextField label="Paid on" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        </div>
      )}
      <ul className="divide-y divide-line rounded-xl border border-line">
        {lines.map((l) => (
          <li
            key={l.id}
            data-testid="payout-line"
            className="flex flex-col gap-2 p-3 text-sm lg:flex-row lg:items-center lg:justify-between"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words text-ink">{l.freelancerName}</p>
              <p className="text-muted">
                {l.accountHolder} · {l.accountMasked}
              </p>
            </div>
            <span className="font-semibold text-ink">{formatMoney(l.amountMinor, l.currency)}</span>
            <span className="text-ink" data-testid="payout-line-status">
              {l.status === 'paid' && l.paidOn ? `Paid on ${l.paidOn}` : PAYOUT_LINE_STATUS_LABELS[l.status]}
              {l.status === 'returned' && l.returnedReason ? `: ${l.returnedReason}` : ''}
            </span>
            <div className="flex flex-wrap gap-2">
              {l.status === 'pending' && (
                <Button variant="ghost" onClick={() => run({ kind: 'remove', lineId: l.id }, PAYOUT_MESSAGES.lineRemoved)}>
                  Remove <span className="sr-only">{l.freelancerName}</span>
                </Button>
              )}
              {l.status === 'sent' && (
                <>
                  <Button variant="secondary" onClick={() => run({ kind: 'paid', lineId: l.id, paidOn }, PAYOUT_MESSAGES.linePaid)}>
                    Mark paid <span className="sr-only">{l.freelancerName}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => setReturning(l)}>
                    Mark returned <span className="sr-only">{l.freelancerName}</span>
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={returning !== null}
        onOpenChange={(open) => {
          if (!open) {
            setReturning(null);
            setReturnError(null);
          }
        }}
        title="Mark the payout returned"
        description="The amount becomes payable again and goes into the next batch. Say why the bank returned it."
        max={300}
        schema={ReturnReason}
        requiredMessage={PAYOUT_MESSAGES.returnReasonRequired}
        submitLabel="Mark returned"
        pending={action.isPending}
        error={returnError}
        onSubmit={async (reason) => {
          if (!returning) return;
          if (await run({ kind: 'returned', lineId: returning.id, reason }, PAYOUT_MESSAGES.lineReturned)) setReturning(null);
          else setReturnError('Not marked returned. Please try again.');
        }}
      />
    </div>
  );
}
