import { DOCUMENT_KIND_LABELS, DOCUMENT_PURPOSE_LABELS, type DocumentSummary } from '@talentloop/contract/api/invoices';
import { FileText } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { type Side, useDocuments } from './api/get-documents.ts';
import { useOpenDocumentPdf } from './api/open-document-pdf.ts';
import { formatLongDay, money } from './format.ts';

// The invoices (the company's) or statements (the freelancer's) of an engagement or of all of them:
// number, what it is for, dates, the figures and the PDF. What is due: the company's invoices with
// their due dates (payments arrive with the next issue, so every issued invoice is still to pay).

export function DocumentsList({ engagementId, side, title }: { engagementId?: string; side: Side; title?: string }) {
  const docs = useDocuments(side);
  const open = useOpenDocumentPdf();
  const list = (docs.data?.documents ?? []).filter((d) => !engagementId || d.engagementId === engagementId);
  const heading = title ?? (side === 'company' ? 'Invoices' : 'Statements');
  const Heading = engagementId ? 'h4' : 'h2';
  const due = side === 'company' ? list.filter((d) => d.kind === 'invoice') : [];
  const dueTotals = totals(due, (d) => d.grossMinor);
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
        <>
          {side === 'company' && dueTotals.length > 0 && (
            <p className="mt-2 text-sm text-ink">
              To pay: <span className="font-semibold">{dueTotals.map(([c, v]) => money(v, c)).join(' + ')}</span>, by each invoice's due
              date to the bank details printed on it.
            </p>
          )}
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
        </>
      )}
    </section>
  );
}

/** Sums per currency in integer minor units (never across currencies). */
export function totals(docs: DocumentSummary[], pick: (d: DocumentSummary) => number): [DocumentSummary['currency'], number][] {
  const by = new Map<DocumentSummary['currency'], number>();
  for (const d of docs) by.set(d.currency, (by.get(d.currency) ?? 0) + pick(d));
  return [...by.entries()];
}
