import { type Terms, formatQuarterHours } from '@talentloop/contract/api/engagements';
import { formatLongDay, money } from './format.ts';

// One version of the terms as both sides read them: the price, with the platform fee and the
// freelancer's net from the server's answer (splitFee of the contract), and the dates.

export function TermsSummary({ terms, showFee = true }: { terms: Terms; showFee?: boolean }) {
  const c = terms.currency;
  const pct = terms.feeBps / 100;
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-muted">Kind</dt>
        <dd className="text-ink">{terms.kind === 'hourly' ? 'Hourly' : 'Fixed price'}</dd>
        {terms.kind === 'hourly' && terms.rateMinor !== null && (
          <>
            <dt className="text-muted">Rate</dt>
            <dd className="font-semibold text-ink">{money(terms.rateMinor, c)} an hour</dd>
            <dt className="text-muted">Weekly cap</dt>
            <dd className="text-ink">{formatQuarterHours((terms.weeklyCapHours ?? 0) * 4)} hours</dd>
          </>
        )}
        <dt className="text-muted">Starts</dt>
        <dd className="text-ink">{formatLongDay(terms.startDate)}</dd>
        <dt className="text-muted">Notice</dt>
        <dd className="text-ink">{terms.noticeDays} days</dd>
        <dt className="text-muted">Weeks follow</dt>
        <dd className="break-words text-ink">{terms.timeZone}</dd>
      </dl>
      {terms.kind === 'fixed' && terms.milestones.length > 0 && (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {terms.milestones.map((m, i) => (
            <li key={m.id ?? i} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3">
              <span className="min-w-0 break-words font-medium text-ink">{m.title}</span>
              <span className="text-ink">
                {money(m.amountMinor, c)} <span className="text-muted">· due {formatLongDay(m.dueDate)}</span>
              </span>
              {showFee && (
                <span className="w-full text-xs text-muted">
                  Fee {money(m.fee.feeMinor, c)} · net {money(m.fee.netMinor, c)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {showFee && (terms.fees.perHour ?? terms.fees.total) && <FeeBox terms={terms} pct={pct} />}
    </div>
  );
}

function FeeBox({ terms, pct }: { terms: Terms; pct: number }) {
  const fee = terms.fees.perHour ?? terms.fees.total;
  if (!fee) return null;
  const c = terms.currency;
  const per = terms.fees.perHour ? ' an hour' : ' in total';
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 rounded-xl bg-surface p-3" aria-label="Fee and net">
      <dt className="text-muted">Gross{per}</dt>
      <dd className="text-ink">{money(fee.grossMinor, c)}</dd>
      <dt className="text-muted">Platform fee ({pct}%)</dt>
      <dd className="text-ink">− {money(fee.feeMinor, c)}</dd>
      <dt className="font-semibold text-ink">Net to the freelancer{per}</dt>
      <dd className="font-semibold text-ink">{money(fee.netMinor, c)}</dd>
    </dl>
  );
}
