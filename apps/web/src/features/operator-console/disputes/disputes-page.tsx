import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_SUBJECT_LABELS,
  DecideDisputeBody,
  type DisputeOutcome,
  type DisputeRead,
} from '@talentloop/contract/api/disputes';
import { DISPUTE_TEXT_MAX } from '@talentloop/contract/rules/disputes';
import { formatMoney } from '@talentloop/contract/rules/money';
import { Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { FileDownloads, describeFile } from '../../../ui/attached-files.tsx';
import { Button } from '../../../ui/button.tsx';
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { inputClass } from '../../../ui/field.tsx';
import { EmptyState, QueueSection } from '../../../ui/queue-page.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { notify } from '../../../ui/toast.ts';
import { disputeFileUrl, useDecideDispute, useDisputes } from '../api/disputes.ts';
import { ConsolePage } from '../console-page.tsx';

// Disputes (issue 35, decisions 246-247): undecided first, oldest first, each with both sides'
// words; an operator decides release, refund (a credit note) or split with a reason. The server
// refuses an operator who is a party, and a decision made on a stale version (409, shown in the dialog).

const FAILED = { title: 'Could not decide', message: 'Please try again.' };
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function DecideButton({ dispute: d }: { dispute: DisputeRead }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<DisputeOutcome>('release');
  const [refund, setRefund] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideDispute();
  const name = useId();
  const refundId = useId();
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        aria-label={`Decide the dispute of ${d.invoiceNumber}`}
      >
        Decide
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Decide the dispute of ${d.invoiceNumber}`}
        description={`${formatMoney(d.grossMinor, d.currency)} billed to ${d.companyName} by ${d.freelancerName}. Both sides are mailed your decision and reason.`}
        max={DISPUTE_TEXT_MAX}
        schema={DecideDisputeBody.shape.reason}
        submitLabel="Decide"
        pending={decide.isPending}
        error={error}
        size="lg"
        onSubmit={(reason) => {
          setError(null);
          decide.mutate(
            { disputeId: d.id, body: { outcome, reason, version: d.version, ...(outcome === 'split' ? { refund } : {}) } },
            {
              onSuccess: (res) => {
                notify.success(res.responseMessage);
                setOpen(false);
              },
              onError: (err) => setError(errorMessage(err, { fallback: FAILED }).message),
            },
          );
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-ink">Decision</legend>
          <div className="mt-2 space-y-1">
            {(['release', 'refund', 'split'] as const).map((o) => (
              <label key={o} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name={name} className="h-4 w-4" checked={outcome === o} onChange={() => setOutcome(o)} />
                {o === 'release'
                  ? 'Release the money to the freelancer'
                  : o === 'refund'
                    ? 'Refund the company in full (a credit note)'
                    : 'Split: refund part, release the rest'}
              </label>
            ))}
          </div>
        </fieldset>
        {outcome === 'split' && (
          <div>
            <label htmlFor={refundId} className="text-sm font-medium text-ink">
              Amount back to the company ({d.currency})
            </label>
            <input
              id={refundId}
              inputMode="decimal"
              className={inputClass(false)}
              value={refund}
              onChange={(e) => setRefund(e.target.value)}
              placeholder="120.50"
            />
          </div>
        )}
      </ReasonDialog>
    </>
  );
}

function EvidenceFiles({ dispute: d }: { dispute: DisputeRead }) {
  return (
    <FileDownloads
      files={d.files}
      label={`Files of the dispute of ${d.invoiceNumber}`}
      className="mt-1 flex flex-wrap gap-2"
      url={(f) => disputeFileUrl(d.id, f.id)}
      fileName={(_, i) => `dispute-${d.invoiceNumber}-file-${i + 1}`}
    >
      {(f, i) => `File ${i + 1} from the ${f.side} (${describeFile(f)})`}
    </FileDownloads>
  );
}

const COLUMNS: readonly DataColumn<DisputeRead>[] = [
  { key: 'opened', header: 'Opened', cell: (d) => day(d.openedAt), cardLabel: 'visible', tableClassName: 'whitespace-nowrap' },
  {
    key: 'invoice',
    header: 'Invoice',
    cell: (d) => (
      <span>
        {d.invoiceNumber} · <span className="tabular-nums">{formatMoney(d.grossMinor, d.currency)}</span>
      </span>
    ),
    cardLabel: 'visible',
  },
  { key: 'parties', header: 'Parties', cell: (d) => `${d.companyName} / ${d.freelancerName}`, cardLabel: 'visible' },
  {
    key: 'state',
    header: 'State',
    cell: (d) =>
      d.outcome
        ? `${DISPUTE_OUTCOME_LABELS[d.outcome]}${d.refundMinor !== null ? ` (${formatMoney(d.refundMinor, d.currency)} back)` : ''}`
        : DISPUTE_STATUS_LABELS[d.status],
    cardLabel: 'visible',
  },
  {
    key: 'words',
    header: 'What each side says',
    cell: (d) => (
      <div className="space-y-1 text-sm">
        <p>
          <span className="font-medium">
            {d.raisedBy === 'company' ? 'Company' : 'Freelancer'} ({DISPUTE_SUBJECT_LABELS[d.subject].toLowerCase()}):
          </span>{' '}
          {d.reason}
        </p>
        <p>
          <span className="font-medium">{d.raisedBy === 'company' ? 'Freelancer' : 'Company'}:</span> {d.answer ?? 'no answer yet'}
        </p>
        <EvidenceFiles dispute={d} />
        {d.decisionReason && (
          <p>
            <span className="font-medium">Decision:</span> {d.decisionReason}
          </p>
        )}
      </div>
    ),
    className: 'col-span-2',
  },
  {
    key: 'action',
    header: <span className="sr-only">Action</span>,
    cell: (d) => (d.status === 'decided' ? null : <DecideButton dispute={d} />),
    cardClassName: 'col-span-2',
  },
];

export function DisputesPage() {
  const list = useDisputes();
  const disputes = list.data?.disputes ?? [];
  return (
    <ConsolePage
      wide
      title="Disputes"
      description="Invoices disputed within their 30 days, undecided first and oldest first. The money of each stays held until you decide."
    >
      <QueueSection
        label="Disputes"
        labelId="disputes-list"
        loading={list.isPending}
        fetching={list.isFetching}
        error={
          list.isError ? errorMessage(list.error, { fallback: { title: 'Could not load', message: 'Please try again.' } }).message : null
        }
        onRetry={() => list.refetch()}
        empty={disputes.length === 0 ? <EmptyState icon={Scale} title="No disputes" message="No invoice is disputed." /> : undefined}
      >
        <DataTable rows={disputes} columns={COLUMNS} rowKey={(d) => d.id} caption="Disputes, undecided first" cardColumns={2} />
      </QueueSection>
    </ConsolePage>
  );
}
