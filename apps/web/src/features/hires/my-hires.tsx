import { type FreelancerHire, REVIEW_BLIND_DAYS, reviewWaitMessage } from '@talentloop/contract/api/reviews';
import { Building2, Clock, Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ReviewSummary } from '../../ui/review-summary.tsx';
import { useFreelancerHires } from './api/get-freelancer-hires.ts';
import { CompanyReviewDialog } from './review-dialog.tsx';

// The freelancer's side of reviews (issue 32): the companies that selected them, each with 'Review
// <company>' once the hire is eligible (an engagement ended with approved work), what it
// waits for before that, and their review once written (with when the company will see it:
// double-blind). On their profile page beside the reviews about them; nothing when no company
// selected them.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export function MyHiresSection() {
  const hires = useFreelancerHires();
  // Most freelancers have no hire: nothing shows until there is one (no skeleton that then vanishes).
  if (!hires.isError && (!hires.data || hires.data.hires.length === 0)) return null;
  return (
    <section aria-labelledby="my-hires-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-7">
      <h2 id="my-hires-title" className="flex items-center gap-2 text-base font-bold tracking-tight text-ink">
        <Building2 className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Companies you worked with
      </h2>
      <p className="mt-1 text-sm text-muted">
        Review the companies that selected you. A company sees your review once it has reviewed you too, or {REVIEW_BLIND_DAYS} days after
        you write it.
      </p>
      <div className="mt-4">
        {hires.isError ? (
          <div className="space-y-3">
            <Alert>Failed to get the companies you worked with. Please try again.</Alert>
            <Button variant="secondary" onClick={() => hires.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="space-y-3">
            {(hires.data?.hires ?? []).map((h) => (
              <HireItem key={h.id} hire={h} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function HireItem({ hire }: { hire: FreelancerHire }) {
  const [writing, setWriting] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = `my-hire-${hire.id}`;
  const waiting = reviewWaitMessage(hire.eligibility, 'freelancer');
  const { review } = hire;
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-line p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} tabIndex={-1} className="font-semibold text-ink outline-none">
            {hire.companyName}
          </h3>
          <p className="text-xs text-muted">
            {hire.role ? `${hire.role} · ` : ''}Selected {formatDate(hire.startedAt)}
          </p>
        </div>
        {!review &&
          (waiting ? (
            <p className="flex max-w-xs items-start gap-1.5 text-sm text-muted">
              <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {waiting}
            </p>
          ) : (
            <Button ref={buttonRef} onClick={() => setWriting(true)} aria-describedby={titleId} className="shrink-0">
              <Star className="h-4 w-4" aria-hidden="true" />
              Review {hire.companyName}
            </Button>
          ))}
      </div>
      {review && (
        <div className="mt-3">
          <ReviewSummary
            frame="surface"
            overall={review.overall}
            meta={`Your review · ${formatDate(review.createdAt)}`}
            hidden={review.hidden}
            text={review.text}
          >
            <p className="mt-1 text-xs text-muted">
              {review.revealed
                ? `${hire.companyName} can read it.`
                : `Not shown yet: ${hire.companyName} sees it once it has reviewed you, or on ${formatDate(review.revealAt)}.`}
            </p>
          </ReviewSummary>
        </div>
      )}
      {writing && (
        <CompanyReviewDialog
          hireId={hire.id}
          companyName={hire.companyName}
          returnFocus={() => (buttonRef.current ?? document.getElementById(titleId))?.focus()}
          onClose={() => setWriting(false)}
        />
      )}
    </li>
  );
}
