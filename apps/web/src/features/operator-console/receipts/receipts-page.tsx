import { CURRENCIES, type Currency, formatMoney } from '@talentloop/contract/rules/money';
import {
  RECEIPT_STATE_LABELS,
  type ReceiptRead,
  type ReceiptState,
  STATEMENT_FORMATS,
  STATEMENT_FORMAT_LABELS,
  type StatementFormat,
} from '@talentloop/contract/api/receipts';
import { Landmark } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { inputClass } from '../../../ui/field.tsx';
import { EmptyState, QueueSection } from '../../../ui/queue-page.tsx';
import { notify } from '../../../ui/toast.ts';
import { useAssignReceipt, useImportStatement, useReceipts, useRecordReceipt } from '../api/receipts.ts';
import { ConsolePage } from '../console-page.tsx';

// Receipts from the bank (issue 35): import the bank's camt.053 statement (a file or pasted XML),
// record one receipt by hand, and assign each unmatched line to its invoice by payment reference.
// A statement the server refuses names its line, and nothing of it is posted.

const STATE_TONE: Record<ReceiptState, string> = {
  matched: 'bg-success-soft text-success',
  partly_paid: 'bg-warning-soft text-ink',
  overpaid: 'bg-warning-soft text-ink',
  unmatched: 'bg-danger-soft text-danger',
};

const failure = (err: unknown, title: string) =>
  errorMessage(err, {
    fallback: { title, message: 'Please try again.' },
    codes: ['TL_CORE_35101_E', 'TL_CORE_35102_E', 'TL_CORE_35104_E', 'TL_CORE_35105_E', 'TL_CORE_35106_E'],
  });

const today = () => new Date().toISOString().slice(0, 10);

export function ReceiptsPage() {
  const list = useReceipts();
  const receipts = list.data?.receipts ?? [];
  const unmatched = receipts.filter((r) => r.state === 'unmatched');
  return (
    <ConsolePage
      wide
      title="Receipts"
      description="Money received at the bank. Import the day's statement or record a transfer by hand; each line is matched to its invoice by the payment reference, and the rest wait here to be assigned."
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <ImportForm />
        <RecordForm />
      </div>
      <h2 className="mt-8 text-lg font-semibold">
        Receipts {unmatched.length > 0 && <span className="text-muted">({unmatched.length} to assign)</span>}
      </h2>
      <QueueSection
        label="Receipts"
        labelId="receipts-list"
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.isError ? failure(list.error, 'Could not load').message : null}
        onRetry={() => list.refetch()}
        empty={
          receipts.length === 0 ? (
            <EmptyState icon={Landmark} title="No receipts yet" message="Import a statement to see its credit lines here." />
          ) : undefined
        }
      >
        <DataTable rows={receipts} columns={COLUMNS} rowKey={(r) => r.id} caption="Receipts, newest first" cardColumns={2} />
      </QueueSection>
    </ConsolePage>
  );
}

const COLUMNS: readonly DataColumn<ReceiptRead>[] = [
  { key: 'date', header: 'Booked', cell: (r) => r.bookedOn, tableClassName: 'whitespace-nowrap', cardLabel: 'visible' },
  {
    key: 'amount',
    header: 'Amount',
    cell: (r) => <span className="font-medium tabular-nums">{formatMoney(r.amountMinor, r.currency)}</span>,
    cardLabel: 'visible',
  },
  {
    key: 'from',
    header: 'From and reference',
    cell: (r) => (
      <span className="block min-w-0 break-words">
        <span className="block">{r.payerName || 'Payer not named'}</span>
        <span className="block text-sm text-muted">{r.remittance || 'No reference text'}</span>
      </span>
    ),
    className: 'col-span-2',
  },
  {
    key: 'state',
    header: 'State',
    cell: (r) => (
      <span className={cn('inline-block rounded-full px-2 py-0.5 text-sm font-medium', STATE_TONE[r.state])}>
        {RECEIPT_STATE_LABELS[r.state]}
      </span>
    ),
    cardLabel: 'sr',
  },
  {
    key: 'invoice',
    header: 'Invoice',
    cell: (r) =>
      r.invoice ? (
        <span className="block text-sm">
          <span className="block font-medium">{r.invoice.number}</span>
          <span className="block text-muted">
            {r.invoice.outstandingMinor > 0 ? `${formatMoney(r.invoice.outstandingMinor, r.currency)} still to pay` : 'Paid in full'}
            {r.allocatedMinor < r.amountMinor ? `; ${formatMoney(r.amountMinor - r.allocatedMinor, r.currency)} unallocated` : ''}
          </span>
        </span>
      ) : (
        <AssignForm receipt={r} />
      ),
    className: 'col-span-2',
  },
];

function AssignForm({ receipt }: { receipt: ReceiptRead }) {
  const assign = useAssignReceipt();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    assign.mutate(
      { receiptId: receipt.id, paymentReference: reference },
      {
        onSuccess: (res) => notify.success('Assigned', res.responseMessage),
        onError: (err) => setError(failure(err, 'Could not assign').message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <label htmlFor={id} className="sr-only">
        Payment reference for the receipt of {formatMoney(receipt.amountMinor, receipt.currency)} booked {receipt.bookedOn}
      </label>
      <input
        id={id}
        className={cn(inputClass(Boolean(error)), 'w-44')}
        placeholder="TL-XXXX-XXXX-X"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      <Button type="submit" variant="secondary" pending={assign.isPending}>
        Assign
      </Button>
      {error && (
        <p id={`${id}-error`} className="w-full text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

const CSV_FIELDS = [
  ['date', 'Date column'],
  ['amount', 'Amount column'],
  ['currency', 'Currency column'],
  ['reference', 'Reference column'],
  ['payer', 'Payer column (optional)'],
  ['lineId', 'Line id column (optional)'],
] as const;
type CsvForm = Record<(typeof CSV_FIELDS)[number][0], string>;

function ImportForm() {
  const importing = useImportStatement();
  const [format, setFormat] = useState<StatementFormat>('camt053');
  const [csv, setCsv] = useState<CsvForm>({
    date: 'Date',
    amount: 'Amount',
    currency: 'Currency',
    reference: 'Reference',
    payer: '',
    lineId: '',
  });
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const fileId = useId();
  const textId = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setContent(await file.text());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setDone(undefined);
    const mapping = { ...csv, payer: csv.payer.trim() || undefined, lineId: csv.lineId.trim() || undefined };
    importing.mutate(format === 'csv' ? { format, content, csv: mapping } : { format, content }, {
      onSuccess: (res) => {
        setDone(res.responseMessage);
        setContent('');
      },
      onError: (err) => setError(failure(err, 'Statement refused').message),
    });
  };
  return (
    <form onSubmit={submit} className="rounded-[var(--radius-card)] border border-line bg-white p-4" aria-labelledby={`${fileId}-title`}>
      <h2 id={`${fileId}-title`} className="font-semibold">
        Import a statement
      </h2>
      <p className="mt-1 text-sm text-muted">
        The bank's end-of-day statement as camt.053 XML, or as CSV with its columns named. Importing the same statement again changes
        nothing.
      </p>
      <label htmlFor={`${fileId}-format`} className="mt-3 block text-sm font-medium">
        Format
      </label>
      <select
        id={`${fileId}-format`}
        className={cn(inputClass(), 'mt-1')}
        value={format}
        onChange={(e) => setFormat(e.target.value as StatementFormat)}
      >
        {STATEMENT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {STATEMENT_FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      {format === 'csv' && (
        <fieldset className="mt-3 grid gap-3 sm:grid-cols-2">
          <legend className="text-sm font-medium">The CSV's header for each field</legend>
          {CSV_FIELDS.map(([key, label]) => (
            <div key={key}>
              <label htmlFor={`${fileId}-${key}`} className="block text-sm">
                {label}
              </label>
              <input
                id={`${fileId}-${key}`}
                className={cn(inputClass(), 'mt-1')}
                value={csv[key]}
                onChange={(e) => setCsv((m) => ({ ...m, [key]: e.target.value }))}
              />
            </div>
          ))}
        </fieldset>
      )}
      <label htmlFor={fileId} className="mt-3 block text-sm font-medium">
        Statement file
      </label>
      <input
        id={fileId}
        type="file"
        accept={format === 'csv' ? '.csv,text/csv' : '.xml,application/xml,text/xml'}
        className="mt-1 block w-full text-sm"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <label htmlFor={textId} className="mt-3 block text-sm font-medium">
        Or paste its {format === 'csv' ? 'text' : 'XML'}
      </label>
      <textarea
        id={textId}
        className={cn(inputClass(Boolean(error)), 'mt-1 h-28 font-mono text-xs')}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <div className="mt-3" aria-live="polite">
        {error && <Alert>{error}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
      </div>
      <Button type="submit" className="mt-3" pending={importing.isPending} disabled={!content.trim()}>
        Import statement
      </Button>
    </form>
  );
}

function RecordForm() {
  const record = useRecordReceipt();
  const [form, setForm] = useState({
    bookedOn: today(),
    currency: 'EUR' as Currency,
    amount: '',
    bankReference: '',
    remittance: '',
    payerName: '',
  });
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    record.mutate(form, {
      onSuccess: (res) => {
        notify.success(
          'Receipt recorded',
          res.receipt.invoice ? `Matched to ${res.receipt.invoice.number}.` : 'Not matched: assign it below.',
        );
        setForm((f) => ({ ...f, amount: '', bankReference: '', remittance: '', payerName: '' }));
      },
      onError: (err) => setError(failure(err, 'Could not record').message),
    });
  };
  const field = (key: keyof typeof form, label: string, extra: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-sm font-medium">
        {label}
      </label>
      <input id={`${id}-${key}`} className={cn(inputClass(), 'mt-1')} value={form[key]} onChange={set(key)} {...extra} />
    </div>
  );
  return (
    <form onSubmit={submit} className="rounded-[var(--radius-card)] border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        Record a receipt by hand
      </h2>
      <p className="mt-1 text-sm text-muted">
        A transfer the bank confirmed outside a statement. Its bank reference identifies it: the same one twice is refused.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {field('bookedOn', 'Booked on', { type: 'date', required: true, max: today() })}
        <div>
          <label htmlFor={`${id}-currency`} className="block text-sm font-medium">
            Currency
          </label>
          <select id={`${id}-currency`} className={cn(inputClass(), 'mt-1')} value={form.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        {field('amount', 'Amount', { inputMode: 'decimal', required: true, placeholder: '1250.00' })}
        {field('bankReference', 'Bank reference', { required: true })}
        {field('remittance', 'Payment reference or text', {})}
        {field('payerName', 'Payer', {})}
      </div>
      <div className="mt-3" aria-live="polite">
        {error && <Alert>{error}</Alert>}
      </div>
      <Button type="submit" className="mt-3" pending={record.isPending}>
        Record receipt
      </Button>
    </form>
  );
}
