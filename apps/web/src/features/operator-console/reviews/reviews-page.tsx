import { publicProfilePath } from '@talentloop/contract';
import {
  COMPANY_REVIEW_CRITERIA,
  COMPANY_REVIEW_CRITERION_LABELS,
  type OperatorReview,
  REVIEW_CRITERIA,
  REVIEW_CRITERION_LABELS,
  REVIEW_MESSAGES,
} from '@talentloop/contract/api/reviews';
import { REASON_MAX, ReasonText, TALENT_POOL_MESSAGES } from '@talentloop/contract/api/talent-pool';
import { Eye, EyeOff, MessageSquareReply, Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCode, errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import type { ReturnFocus } from '../../../ui/dialog.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { EmptyState, QueueSection, QueueSkeleton } from '../../../ui/queue-page.tsx';
import { Stars } from '../../../ui/stars.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { useOperatorReviews, useReloadReviews } from '../api/get-operator-reviews.ts';
import { useModerateReview } from '../api/moderate-review.ts';

// Reviews (issues 22, 32): every review, both sides' (companies on freelancers, freelancers on
// companies), newest first, marked while not yet published (double-blind). An operator hides one
// that breaks the rules, with a reason: it then counts nowhere, the audit log keeps the reason, and
// the freelancer and the company are mailed. Hidden reviews stay listed, marked, with their reason,
// and can be restored the same way (a reason, audited, both told).

export function ReviewsPage() {
  const list = useOperatorReviews();
  const reviews = list.data?.reviews ?? [];
  const hidden = reviews.filter((r) => r.hidden).length;

  return (
    <ConsolePage
      title="Reviews"
      description="What companies and freelancers wrote about each other after their work, newest first. Hide a review that breaks the rules, or restore one hidden by mistake; the freelancer and the company are told why."
    >
      <QueueSection
        label="All reviews"
        labelId="reviews-list"
        fetching={list.isFetching}
        error={list.isError ? 'Failed to get the reviews. Please try again.' : null}
        onRetry={() => list.refetch()}
        loading={list.isPending}
        skeleton={
          <>
            <span className="sr-only">Loading the reviews</span>
            <QueueSkeleton rows={3} grid="space-y-3" className="h-36 rounded-[var(--radius-card)] border border-line" />
          </>
        }
        empty={
          reviews.length === 0 ? (
            <EmptyState
              icon={Star}
              title="No reviews yet"
              message="When a company and a freelancer review each other after their work, the reviews appear here."
            />
          ) : undefined
        }
        above={
          reviews.length > 0 && (
            <p className="mb-3 text-sm text-muted">
              {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
              {hidden ? `, ${hidden} hidden` : ''}
            </p>
          )
        }
      >
        <ul className="space-y-3">
          {reviews.map((r) => (
            <ReviewRow key={r.id} review={r} />
          ))}
        </ul>
      </QueueSection>
    </ConsolePage>
  );
}

function ReviewRow({ review }: { review: OperatorReview }) {
  const [acting, setActing] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);
  const titleId = `review-${review.id}`;
  const byCompany = review.author === 'company';
  const freelancer = review.freelancerSlug ? (
    <Link to={publicProfilePath(review.freelancerSlug)} className="text-brand-700 underline underline-offset-2">
      {review.freelancerName}
    </Link>
  ) : (
    review.freelancerName
  );
  const criteria = byCompany ? REVIEW_CRITERIA : COMPANY_REVIEW_CRITERIA;
  const labels: Record<string, { label: string }> = byCompany ? REVIEW_CRITERION_LABELS : COMPANY_REVIEW_CRITERION_LABELS;
  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} tabIndex={-1} className="font-semibold break-words text-ink outline-none">
            {byCompany ? (
              <>
                {review.companyName} on {freelancer}
              </>
            ) : (
              <>
                {freelancer} on {review.companyName}
              </>
            )}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Stars value={review.overall} />
            <span className="font-semibold text-ink">{review.overall.toFixed(1)}</span>
            <span className="text-muted">
              {review.role ? `${review.role} · ` : ''}
              {formatDateTime(review.createdAt)}
            </span>
            {!review.revealed && (
              <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-muted">Not published yet</span>
            )}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2 self-start">
          {review.hidden && (
            <span className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2.5 py-1 text-xs font-semibold text-danger">
              <EyeOff className="h-3.5 w-3.5" aria-hidden="true" />
              Hidden
            </span>
          )}
          <Button ref={actionRef} variant="secondary" onClick={() => setActing(true)} aria-describedby={titleId}>
            {review.hidden ? <Eye className="h-4 w-4" aria-hidden="true" /> : <EyeOff className="h-4 w-4" aria-hidden="true" />}
            {review.hidden ? 'Restore' : 'Hide'}
          </Button>
        </div>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {criteria.map((c) => (
          <div key={c} className="flex items-center gap-1">
            <dt>{labels[c]?.label}</dt>
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
      {acting && (
        <ModerateDialog
          action={review.hidden ? 'restore' : 'hide'}
          review={review}
          returnFocus={() => (actionRef.current ?? document.getElementById(titleId))?.focus()}
          onClose={() => setActing(false)}
        />
      )}
    </li>
  );
}

function ModerateDialog({
  action,
  review,
  returnFocus,
  onClose,
}: {
  action: 'hide' | 'restore';
  review: OperatorReview;
  returnFocus: ReturnFocus;
  onClose: () => void;
}) {
  const hide = useModerateReview(action);
  const restoring = action === 'restore';
  const author = review.author === 'company' ? review.companyName : review.freelancerName;
  const where =
    review.author === 'company' ? `on ${review.freelancerName}’s profile and counting in their rating` : `to ${review.companyName}`;
  const reload = useReloadReviews();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(reason: string) {
    setFailure(null);
    try {
      const res = await hide.mutateAsync({ reviewId: review.id, reason });
      notify.success(res.responseMessage || (restoring ? REVIEW_MESSAGES.restored : REVIEW_MESSAGES.hidden));
      onClose();
    } catch (err) {
      const fallback = { title: restoring ? 'Could not restore' : 'Could not hide', message: 'Please try again.' };
      setFailure(errorMessage(err, { fallback, codes: 'all' }).message);
      const code = errorCode(err);
      if (code === 'TL_CORE_15047_E' || code === 'TL_CORE_15050_E') void reload();
    }
  }

  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`${restoring ? 'Restore' : 'Hide'} the review by ${author}`}
      description={
        restoring
          ? `It shows again ${review.author === 'company' ? `on ${review.freelancerName}’s profile and counts in their rating` : `to ${review.companyName}`} once published. Both sides are mailed this reason, and it is kept in the audit log.`
          : `It stops showing ${where}. Both sides are mailed this reason, and it is kept in the audit log.`
      }
      returnFocus={returnFocus}
      max={REASON_MAX}
      schema={ReasonText}
      requiredMessage={TALENT_POOL_MESSAGES.reasonRequired}
      placeholder={
        restoring
          ? 'e.g. The number it shows is the public office number.'
          : 'e.g. The review shares the freelancer’s private contact details.'
      }
      submitLabel={restoring ? 'Restore review' : 'Hide review'}
      tone={restoring ? 'primary' : 'danger'}
      pending={hide.isPending}
      error={failure}
      onSubmit={submit}
    />
  );
}
