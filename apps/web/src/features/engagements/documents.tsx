import { DOCUMENT_KIND_LABELS, DOCUMENT_PURPOSE_LABELS } from '@talentloop/contract/api/invoices';
import { FileText } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { type Side, useDocuments } from './api/get-documents.ts';
import { useCompanyBalance } from './api/get-earnings.ts';
import { usePayments } from './api/get-payments.ts';
import { PaymentDates } from './payment-dates.tsx';
import { DisputeLine } from './dispute-line.tsx';
import { useOpenDocumentPdf } from './api/open-document-pdf.ts';
import { formatLongDay, money } from './format.ts';

// The invoices (the company's) or statements (the freelancer's) of an engagement or of all of them:
// number, what it is for, dates, the figures and the PDF, each invoice with its due date. What the
// company owes in all is the ledger's figure (CompanyBalance), never a sum made here.

export function DocumentsList({ engagementId, side, title }: { engagementId?: string; side: Side; title?: string }) {
  const docs = useDocuments(side);
  const payments = usePayments(side);
  const open = useOpenDocumentPdf();
  const list = (docs.data?.documents ?? []).filter((d) => !engagementId || d.engagementId === engagementId);
  const heading = title ?? (side === 'company' ? 'Invoices' : 'Statements');
  const Heading = engagementId ? 'h4' : 'h2';
  return (
    <section aria-label={heading}>
      <Heading className={engagementId ? 'text-sm font-semibold text-ink' : 'text-lg font-bold tracking-tight text-ink'}>{heading}</Heading>
      {docs.isError ? (
        <p className="mt-2 text-sm text-danger">Failed to get the documents. Please try again.</p>
      ) : !docs.data ? (
        <p className="mt-2 text-sm text-muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {side === 'company'
            ? 'No invoices yet. Each approved week and each funded milestone issues one.'
            : 'No statements yet. Each approved week and each funded milestone issues one.'}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
          {list.map((d) => {
            const label = `${DOCUMENT_KIND_LABELS[d.kind][side]} ${d.number}`;
            return (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    {label} · {DOCUMENT_PURPOSE_LABELS[d.purpose]}
                  </p>
                  <p className="text-muted">
                    Issued {formatLongDay(d.issueDate)}
                    {side === 'company' && d.kind === 'invoice' ? ` · due ${formatLongDay(d.dueDate)}` : ''} · {d.counterpartyName}
                  </p>
                  <p className="text-ink">
                    {side === 'company' ? (
                      money(d.grossMinor, d.currency)
                    ) : (
                      <>
                        Gross {money(d.grossMinor, d.currency)} · fee {money(d.feeMinor, d.currency)} ·{' '}
                        <span className="font-semibold">net {money(d.netMinor, d.currency)}</span>
                      </>
                    )}
                  </p>
                  {d.kind === 'invoice' && <PaymentDates payment={payments.data?.payments.find((p) => p.invoiceId === d.id)} side={side} />}
                  {d.kind === 'invoice' && <DisputeLine invoiceId={d.id} side={side} />}
                </div>
                <Button
                  variant="secondary"
                  aria-label={`Open PDF of ${label}`}
                  pending={open.isPending && open.variables?.invoiceId === d.id}
                  onClick={() =>
                    open.mutate(
                      { side, invoiceId: d.id, name: d.number },
                      { onError: () => notify.error('Could not open the PDF', 'Please try again.') },
                    )
                  }
                >
                  <FileText className="h-4 w-4" aria-hidden="true" />
                  Open PDF
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** What the company owes on issued invoices and holds for milestones, per currency, as the ledger says. */
export function CompanyBalance() {
  const balance = useCompanyBalance();
  const rows = balance.data?.balances ?? [];
  if (rows.length === 0) return null;
  const due = rows.filter((r) => r.dueMinor > 0);
  const held = rows.filter((r) => r.heldMinor > 0);
  return (
    <p className="mt-2 text-sm text-ink">
      {due.length > 0 && (
        <>
          To pay: <span className="font-semibold">{due.map((r) => money(r.dueMinor, r.currency)).join(' + ')}</span>, by each invoice's due
          date to the bank details printed on it.
        </>
      )}
      {held.length > 0 && <> Funded for milestones not yet approved: {held.map((r) => money(r.heldMinor, r.currency)).join(' + ')}.</>}
    </p>
  );
}
