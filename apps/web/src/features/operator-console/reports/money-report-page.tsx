import { type MoneyReportQuery as Period, MoneyReportQuery, type MoneyReportRow } from '@talentloop/contract/api/money-reports';
import { formatMoney } from '@talentloop/contract/rules/money';
import { Download, Scale } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { TextField } from '../../../ui/field.tsx';
import { EmptyState, QueueSection } from '../../../ui/queue-page.tsx';
import { notify } from '../../../ui/toast.ts';
import { downloadMoneyReport, useMoneyReport } from '../api/money-report.ts';
import { ConsolePage } from '../console-page.tsx';

// The money report (issue 35 'Reports', decision 251): per currency for a period, what was received,
// released, earned in fees and paid out, what is held at its end, and whether the ledger's cash
// agrees with the last imported bank statement. Every figure comes from the server (journal lines).

const todayUtc = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${todayUtc().slice(0, 8)}01`;

const money = (value: number, row: MoneyReportRow) => <span className="tabular-nums">{formatMoney(value, row.currency)}</span>;

function statementCell(row: MoneyReportRow) {
  if (row.differenceMinor === null) return <span className="text-sm text-muted">No statement imported by then</span>;
  if (row.differenceMinor === 0) return <span className="font-medium">Agrees with the statement of {row.statementOn}</span>;
  return (
    <span className="font-medium text-danger">
      Differs by {formatMoney(row.differenceMinor, row.currency)} from the statement of {row.statementOn}
    </span>
  );
}

const COLUMNS: readonly DataColumn<MoneyReportRow>[] = [
  { key: 'currency', header: 'Currency', cell: (r) => <span className="font-medium">{r.currency}</span>, cardLabel: 'visible' },
  { key: 'received', header: 'Received', cell: (r) => money(r.receivedMinor, r), cardLabel: 'visible' },
  { key: 'released', header: 'Released', cell: (r) => money(r.releasedMinor, r), cardLabel: 'visible' },
  { key: 'fees', header: 'Fees earned', cell: (r) => money(r.feesMinor, r), cardLabel: 'visible' },
  { key: 'paid', header: 'Paid out', cell: (r) => money(r.paidOutMinor, r), cardLabel: 'visible' },
  { key: 'held', header: 'Held at end', cell: (r) => money(r.heldMinor, r), cardLabel: 'visible' },
  { key: 'cash', header: 'Cash at bank (ledger)', cell: (r) => money(r.ledgerCashMinor, r), cardLabel: 'visible' },
  { key: 'statement', header: 'Bank statement', cell: statementCell, cardLabel: 'visible', className: 'col-span-2' },
];

export function MoneyReportPage() {
  const [draft, setDraft] = useState<Period>(() => ({ from: monthStart(), to: todayUtc() }));
  const [period, setPeriod] = useState<Period>(draft);
  const [problem, setProblem] = useState<{ from?: string; to?: string }>({});
  const report = useMoneyReport(period);
  const rows = report.data?.rows ?? [];

  function show(event: FormEvent) {
    event.preventDefault();
    const parsed = MoneyReportQuery.safeParse(draft);
    if (!parsed.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to';
        next[field] ??= issue.message;
      }
      setProblem(next);
      return;
    }
    setProblem({});
    setPeriod(parsed.data);
  }

  async function download() {
    try {
      await downloadMoneyReport(period);
    } catch {
      notify.error('Download failed', 'Please try again.');
    }
  }

  return (
    <ConsolePage
      wide
      title="Money report"
      description="Per currency, for the days you choose (UTC): money received, released to freelancers, fees earned and paid out, what is held at the end, and whether the ledger’s cash agrees with the last bank statement imported."
    >
      <form onSubmit={show} noValidate className="mb-6 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-48">
          <TextField
            label="From"
            type="date"
            value={draft.from}
            error={problem.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        </div>
        <div className="w-full sm:w-48">
          <TextField
            label="To"
            type="date"
            value={draft.to}
            error={problem.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <Button type="submit">Show</Button>
        <Button type="button" variant="secondary" onClick={download} disabled={rows.length === 0}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download CSV
        </Button>
      </form>
      <QueueSection
        label={`Money from ${period.from} to ${period.to}`}
        labelId="money-report"
        loading={report.isPending}
        fetching={report.isFetching}
        error={
          report.isError
            ? errorMessage(report.error, { fallback: { title: 'Could not load', message: 'Please try again.' } }).message
            : null
        }
        onRetry={() => report.refetch()}
        empty={
          rows.length === 0 ? (
            <EmptyState icon={Scale} title="No money yet" message="Nothing was received, held or paid out by the end of these days." />
          ) : undefined
        }
      >
        <DataTable rows={rows} columns={COLUMNS} rowKey={(r) => r.currency} caption="Money per currency" cardColumns={2} />
      </QueueSection>
    </ConsolePage>
  );
}
