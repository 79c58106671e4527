import { publicProfilePath } from '@talentloop/contract';
import { REVIEW_CRITERIA, REVIEW_CRITERION_LABELS, REVIEW_MESSAGES, type OperatorReview } from '@talentloop/contract/api/reviews';
import { REASON_MAX, ReasonText, TALENT_POOL_MESSAGES } from '@talentloop/contract/api/talent-pool';
import { EyeOff, MessageSquareReply, Star } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCode, errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { CountedTextarea } from '../../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../../ui/dialog.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { Stars } from '../../../ui/stars.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { useHideReview, useOperatorReviews, useReloadReviews } from './reviews-api.ts';

// Reviews (issue 22): every review companies wrote, newest first. An operator hides one that breaks
// the rules, with a reason: it then counts nowhere, the audit log keeps the reason, and the
// freelancer and the company are mailed. Hidden reviews stay listed, marked, with their reason.

export function ReviewsPage() {
  const list = useOperatorReviews();
  const reviews = list.data?.reviews ?? [];
  const hidden = reviews.filter((r) => r.hidden).length;

  return (
    <ConsolePage
      title="Reviews"
      description="What companies wrote after finished hires, newest first. Hide a review that breaks the rules; the freelancer and the company are told why."
    >
      <section aria-labelledby="reviews-list" aria-busy={list.isFetching}>
        <h2 id="reviews-list" className="sr-only">
          All reviews
        </h2>
        {list.isError ? (
          <LoadError what="the reviews" onRetry={() => list.refetch()} />
        ) : list.isPending ? (
          <div className="space-y-3">
            <span className="sr-only">Loading the reviews</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-36 animate-pulse rounded-[var(--radius-card)] border border-line bg-white" />
            ))}
          </div>
        ) : reviews.length === 0 ? (
          <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 py-12 text-center">
            <Star className="h-8 w-8 text-muted" aria-hidden="true" />
            <p className="mt-3 font-semibold">No reviews yet</p>
            <p className="mt-1 max-w-md text-sm text-muted">
              When a company reviews a freelancer after finished work, the review appears here.
            </p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted">
              {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
              {hidden ? `, ${hidden} hidden` : ''}
            </p>
            <ul className="space-y-3">
              {reviews.map((r) => (
                <ReviewRow key={r.id} review={r} />
              ))}
            </ul>
          </>
        )}
      </section>
    </ConsolePage>
  );
}

function ReviewRow({ review }: { review: OperatorReview }) {
  const [hiding, setHiding] = useState(false);
  const hideRef = useRef<HTMLButtonElement>(null);
  const titleId = `review-${review.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} tabIndex={-1} className="font-semibold break-words text-ink outline-none">
            {review.companyName} on{' '}
            {review.freelancerSlug ? (
              <Link to={publicProfilePath(review.freelancerSlug)} className="text-brand-700 underline underline-offset-2">
                {review.freelancerName}
              </Link>
            ) : (
              review.freelancerName
            )}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Stars value={review.overall} />
            <span className="font-semibold text-ink">{review.overall.toFixed(1)}</span>
            <span className="text-muted">
              {review.role ? `${review.role} · ` : ''}
              {formatDateTime(review.createdAt)}
            </span>
          </div>
        </div>
        {review.hidden ? (
          <span className="inline-flex shrink-0 items-center gap-1 self-start rounded-full bg-danger-soft px-2.5 py-1 text-xs font-semibold text-danger">
            <EyeOff className="h-3.5 w-3.5" aria-hidden="true" />
            Hidden
          </span>
        ) : (
          <Button
            ref={hideRef}
            variant="secondary"
            className="shrink-0 self-start"
            onClick={() => setHiding(true)}
            aria-describedby={titleId}
          >
            <EyeOff className="h-4 w-4" aria-hidden="true" />
            Hide
          </Button>
        )}
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {REVIEW_CRITERIA.map((c) => (
          <div key={c} className="flex items-center gap-1">
            <dt>{REVIEW_CRITERION_LABELS[c].label}</dt>
            <dd className="font-semibold text-ink">{review.ratings[c]}/5</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-ink">{review.text}</p>
      {review.reply && (
        <div className="mt-3 border-l-2 border-brand-200 pl-3">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-brand-800">
            <MessageSquareReply className="h-3.5 w-3.5" aria-hidden="true" />
            Reply from {review.freelancerName}
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.reply}</p>
        </div>
      )}
      {review.hidden && (
        <p className="mt-3 rounded-xl bg-surface px-3 py-2 text-sm text-ink">
          <span className="font-semibold">Hidden{review.hiddenAt ? ` ${formatDateTime(review.hiddenAt)}` : ''}:</span> {review.hiddenReason}
        </p>
      )}
      {hiding && (
        <HideDialog
          review={review}
          returnFocus={() => (hideRef.current ?? document.getElementById(titleId))?.focus()}
          onClose={() => setHiding(false)}
        />
      )}
    </li>
  );
}

function HideDialog({ review, returnFocus, onClose }: { review: OperatorReview; returnFocus: ReturnFocus; onClose: () => void }) {
  const hide = useHideReview();
  const reload = useReloadReviews();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setError(TALENT_POOL_MESSAGES.reasonRequired);
    const parsed = ReasonText.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const res = await hide.mutateAsync({ reviewId: review.id, reason: parsed.data });
      notify.success(res.responseMessage || REVIEW_MESSAGES.hidden);
      onClose();
    } catch (err) {
      setError(errorMessage(err, { fallback: { title: 'Could not hide', message: 'Please try again.' }, codes: 'all' }).message);
      if (errorCode(err) === 'TL_CORE_15047_E') void reload();
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Hide the review by ${review.companyName}`}
      description={`It stops showing on ${review.freelancerName}’s profile and counting in their rating. Both sides are mailed this reason, and it is kept in the audit log.`}
      returnFocus={returnFocus}
      closable={!hide.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <CountedTextarea
          label="Reason"
          max={REASON_MAX}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          placeholder="e.g. The review shares the freelancer’s private contact details."
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={hide.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={hide.isPending}>
            Hide review
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
