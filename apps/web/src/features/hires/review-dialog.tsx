import { ERRORS } from '@talentloop/contract';
import {
  type CompanyReview,
  REVIEW_CRITERIA,
  REVIEW_CRITERION_LABELS,
  REVIEW_EDIT_DAYS,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  ReviewText,
  type ReviewCriterion,
} from '@talentloop/contract/api/reviews';
import { type FormEvent, useId, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { StarInput } from '../../ui/stars.tsx';
import { notify } from '../../ui/toast.ts';
import { useCreateReview, useReloadHires, useUpdateReview } from './api/hires-api.ts';

// Write or edit the review of a finished hire (issue 22): 1 to 5 stars per criterion (a radio group
// each) and a text, checked with the contract's rules before sending. A stale or late edit shows the
// catalogue's message and reloads the hires.

type Ratings = Record<ReviewCriterion, number | null>;
const FALLBACK = { title: 'Could not save the review', message: 'Please try again.' };
const RELOAD_CODES = new Set(['TL_CORE_10110_E', 'TL_CORE_15043_E', 'TL_CORE_15045_E', 'TL_CORE_15048_E']);

export function ReviewDialog({
  hireId,
  freelancerName,
  review,
  returnFocus,
  onClose,
}: {
  hireId: string;
  freelancerName: string;
  /** The review to edit; none to write one. */
  review: CompanyReview | null;
  returnFocus: ReturnFocus;
  onClose: () => void;
}) {
  const uid = useId();
  const create = useCreateReview();
  const update = useUpdateReview();
  const reload = useReloadHires();
  const [ratings, setRatings] = useState<Ratings>(
    () => Object.fromEntries(REVIEW_CRITERIA.map((c) => [c, review?.ratings[c] ?? null])) as Ratings,
  );
  const [text, setText] = useState(review?.text ?? '');
  const [starsError, setStarsError] = useState<string>();
  const [textError, setTextError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const pending = create.isPending || update.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const missing = REVIEW_CRITERIA.some((c) => ratings[c] === null);
    const parsed = ReviewText.safeParse(text);
    setStarsError(missing ? REVIEW_MESSAGES.starsRequired : undefined);
    setTextError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (missing || !parsed.success) return;
    const body = { ratings: ratings as Record<ReviewCriterion, number>, text: parsed.data };
    try {
      const res = review
        ? await update.mutateAsync({ reviewId: review.id, version: review.version, ...body })
        : await create.mutateAsync({ hireId, ...body });
      notify.success(res.responseMessage);
      onClose();
    } catch (err) {
      const code = errorCode(err);
      setFormError(
        code === 'TL_CORE_10110_E'
          ? `${ERRORS.TL_CORE_10110_E.message} We have reloaded it for you.`
          : errorMessage(err, { fallback: FALLBACK, codes: 'all' }).message,
      );
      if (code && RELOAD_CODES.has(code)) void reload();
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={review ? `Edit your review of ${freelancerName}` : `Review ${freelancerName}`}
      description={`Rate each part of working together and say a few words. Your company’s name shows with the review on their profile. You can edit it for ${REVIEW_EDIT_DAYS} days.`}
      returnFocus={returnFocus}
      closable={!pending}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <fieldset disabled={pending} className="space-y-4">
          <legend className="sr-only">Ratings</legend>
          {REVIEW_CRITERIA.map((c) => {
            const labelId = `${uid}-${c}-label`;
            const hintId = `${uid}-${c}-hint`;
            const invalid = !!starsError && ratings[c] === null;
            return (
              <div key={c} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p id={labelId} className="text-sm font-semibold text-ink">
                    {REVIEW_CRITERION_LABELS[c].label}
                  </p>
                  <p id={hintId} className="text-xs text-muted">
                    {REVIEW_CRITERION_LABELS[c].hint}
                  </p>
                </div>
                <StarInput
                  name={`${uid}-${c}`}
                  value={ratings[c]}
                  labelId={labelId}
                  describedBy={invalid ? `${hintId} ${uid}-stars-error` : hintId}
                  invalid={invalid}
                  onChange={(stars) => {
                    setRatings((r) => ({ ...r, [c]: stars }));
                    setStarsError(undefined);
                  }}
                />
              </div>
            );
          })}
          {starsError && (
            <p id={`${uid}-stars-error`} role="alert" className="text-sm text-danger">
              {starsError}
            </p>
          )}
          <CountedTextarea
            label="Your review"
            max={REVIEW_TEXT_MAX}
            value={text}
            error={textError}
            rows={5}
            onChange={(e) => {
              setText(e.target.value);
              setTextError(undefined);
            }}
            placeholder="What did they deliver, and what was it like to work with them?"
          />
        </fieldset>
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {review ? 'Save changes' : 'Publish review'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
