import {
  type FreelancerReview,
  REVIEW_BLIND_DAYS,
  REVIEW_CRITERIA,
  REVIEW_CRITERION_LABELS,
  REVIEW_MESSAGES,
  REVIEW_REPLY_MAX,
  ReplyText,
} from '@talentloop/contract/api/reviews';
import { MessageSquareReply, Star } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { ReviewSummary } from '../../ui/review-summary.tsx';
import { Stars } from '../../ui/stars.tsx';
import { notify } from '../../ui/toast.ts';
import { useMyReviews } from './api/get-my-reviews.ts';
import { useReplyToReview } from './api/reply-to-review.ts';
import { MyHiresSection } from './my-hires.tsx';

// The freelancer's reviews (issues 22, 32), on their profile page: what companies wrote after real
// work, once published (double-blind), with the rating their profile shows, and one reply each. A
// review our team hid is marked (it shows nowhere else). Below it, the companies they worked with,
// to review them (my-hires.tsx). Composed into the profile page by the router.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export function MyReviewsSection() {
  const reviews = useMyReviews();
  return (
    <>
      <ReviewsAboutMe reviews={reviews} />
      <MyHiresSection />
    </>
  );
}

function ReviewsAboutMe({ reviews }: { reviews: ReturnType<typeof useMyReviews> }) {
  return (
    <section aria-labelledby="my-reviews-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-reviews-title" className="flex items-center gap-2 text-base font-bold tracking-tight text-ink">
          <Star className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Reviews from companies
        </h2>
        {reviews.data?.rating && (
          <p className="flex items-center gap-2 text-sm">
            <Stars value={reviews.data.rating.average} />
            <span className="font-semibold text-ink">{reviews.data.rating.average.toFixed(1)}</span>
            <span className="text-muted">
              ({reviews.data.rating.count} {reviews.data.rating.count === 1 ? 'review' : 'reviews'})
            </span>
          </p>
        )}
      </div>
      <div className="mt-4">
        {reviews.isError ? (
          <div className="space-y-3">
            <Alert>Failed to get your reviews. Please try again.</Alert>
            <Button variant="secondary" onClick={() => reviews.refetch()}>
              Try again
            </Button>
          </div>
        ) : !reviews.data ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">Loading your reviews</span>
            <div className="h-20 animate-pulse rounded-xl bg-surface" />
          </div>
        ) : reviews.data.reviews.length === 0 ? (
          <p className="text-sm text-muted">
            No reviews yet. A company can review you once it has approved your work in an engagement and the engagement has ended. Its
            review shows here and on your profile once you have reviewed the company too, or {REVIEW_BLIND_DAYS} days after it was written.
          </p>
        ) : (
          <ul className="space-y-4">
            {reviews.data.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ReviewItem({ review }: { review: FreelancerReview }) {
  const [replying, setReplying] = useState(false);
  const replyRef = useRef<HTMLButtonElement>(null);
  const titleId = `review-${review.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-line p-4">
      <ReviewSummary
        heading={
          <h3 id={titleId} tabIndex={-1} className="font-semibold text-ink outline-none">
            {review.companyName}
          </h3>
        }
        overall={review.overall}
        meta={`${review.role ? `${review.role} · ` : ''}${formatDate(review.createdAt)}`}
        hidden={review.hidden}
        ratings={REVIEW_CRITERIA.map((c) => ({ key: c, label: REVIEW_CRITERION_LABELS[c].label, value: review.ratings[c] }))}
        text={review.text}
        reply={review.reply ? { label: 'Your reply', text: review.reply } : null}
      >
        {!review.reply && (
          <Button ref={replyRef} variant="secondary" className="mt-3" onClick={() => setReplying(true)} aria-describedby={titleId}>
            <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
            Reply
          </Button>
        )}
      </ReviewSummary>
      {replying && (
        <ReplyDialog
          reviewId={review.id}
          companyName={review.companyName}
          returnFocus={() => (replyRef.current ?? document.getElementById(titleId))?.focus()}
          onClose={() => setReplying(false)}
        />
      )}
    </li>
  );
}

function ReplyDialog({
  reviewId,
  companyName,
  returnFocus,
  onClose,
}: {
  reviewId: string;
  companyName: string;
  returnFocus: ReturnFocus;
  onClose: () => void;
}) {
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ReplyText.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const res = await reply.mutateAsync({ reviewId, reply: parsed.data });
      notify.success(res.responseMessage || REVIEW_MESSAGES.replied);
      onClose();
    } catch (err) {
      setError(errorMessage(err, { fallback: { title: 'Could not reply', message: 'Please try again.' }, codes: 'all' }).message);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Reply to ${companyName}`}
      description="Your reply shows under the review on your profile. You can reply once, and a reply cannot be changed."
      returnFocus={returnFocus}
      closable={!reply.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <CountedTextarea
          label="Your reply"
          max={REVIEW_REPLY_MAX}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={reply.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={reply.isPending}>
            Publish reply
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
