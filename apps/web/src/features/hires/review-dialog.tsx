import { ERRORS } from '@talentloop/contract';
import {
  COMPANY_REVIEW_CRITERIA,
  COMPANY_REVIEW_CRITERION_LABELS,
  type CompanyReview,
  type CompanyReviewBody,
  CompanyReviewText,
  REVIEW_BLIND_DAYS,
  REVIEW_CRITERIA,
  REVIEW_CRITERION_LABELS,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  type ReviewBody,
  ReviewText,
} from '@talentloop/contract/api/reviews';
import { type FormEvent, useId, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { StarInput } from '../../ui/stars.tsx';
import { notify } from '../../ui/toast.ts';
import { useCreateReview } from './api/create-review.ts';
import { useReloadFreelancerHires, useReloadHires } from './api/keys.ts';
import { useReviewCompany } from './api/review-company.ts';
import { useUpdateReview } from './api/update-review.ts';

// Write or edit a review (issues 22, 32): 1 to 5 stars per criterion (a radio group each) and a
// text, checked with the contract's rules before sending. The company reviews the freelancer of a
// finished hire (and edits it until it is published); the freelancer reviews the company, once. A
// stale, late or refused save shows the catalogue's message and reloads the hires.

type Ratings = Record<string, number | null>;
const FALLBACK = { title: 'Could not save the review', message: 'Please try again.' };
const RELOAD_CODES = new Set(['TL_CORE_10110_E', 'TL_CORE_15043_E', 'TL_CORE_15045_E', 'TL_CORE_15048_E', 'TL_CORE_15049_E']);

type FormProps = {
  title: string;
  description: string;
  criteria: readonly string[];
  labels: Record<string, { label: string; hint: string }>;
  initial: Record<string, number> | null;
  initialText: string;
  textRule: typeof ReviewText;
  placeholder: string;
  submitLabel: string;
  save: (body: { ratings: Record<string, number>; text: string }) => Promise<{ responseMessage: string }>;
  reload: () => unknown;
  pending: boolean;
  returnFocus: ReturnFocus;
  onClose: () => void;
};

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
  const create = useCreateReview();
  const update = useUpdateReview();
  const reload = useReloadHires();
  return (
    <ReviewForm
      title={review ? `Edit your review of ${freelancerName}` : `Review ${freelancerName}`}
      description={`Rate each part of working together and say a few words. It shows to ${freelancerName} and on their profile, with your company’s name, once they have reviewed you too or ${REVIEW_BLIND_DAYS} days after you publish it. You can edit it until then.`}
      criteria={REVIEW_CRITERIA}
      labels={REVIEW_CRITERION_LABELS}
      initial={review?.ratings ?? null}
      initialText={review?.text ?? ''}
      textRule={ReviewText}
      placeholder="What did they deliver, and what was it like to work with them?"
      submitLabel={review ? 'Save changes' : 'Publish review'}
      save={(body) =>
        review
          ? update.mutateAsync({ reviewId: review.id, version: review.version, ...(body as ReviewBody) })
          : create.mutateAsync({ hireId, ...(body as ReviewBody) })
      }
      reload={reload}
      pending={create.isPending || update.isPending}
      returnFocus={returnFocus}
      onClose={onClose}
    />
  );
}

/** The freelancer's review of the company of one of their hires (issue 32), written once. */
export function CompanyReviewDialog({
  hireId,
  companyName,
  returnFocus,
  onClose,
}: {
  hireId: string;
  companyName: string;
  returnFocus: ReturnFocus;
  onClose: () => void;
}) {
  const create = useReviewCompany();
  const reload = useReloadFreelancerHires();
  return (
    <ReviewForm
      title={`Review ${companyName}`}
      description={`Rate each part of working with ${companyName} and say a few words. ${companyName} sees it once they have reviewed you too, or ${REVIEW_BLIND_DAYS} days after you publish it. A published review cannot be changed.`}
      criteria={COMPANY_REVIEW_CRITERIA}
      labels={COMPANY_REVIEW_CRITERION_LABELS}
      initial={null}
      initialText=""
      textRule={CompanyReviewText}
      placeholder="What was it like to work with them?"
      submitLabel="Publish review"
      save={(body) => create.mutateAsync({ hireId, ...(body as CompanyReviewBody) })}
      reload={reload}
      pending={create.isPending}
      returnFocus={returnFocus}
      onClose={onClose}
    />
  );
}

function ReviewForm({
  title,
  description,
  criteria,
  labels,
  initial,
  initialText,
  textRule,
  placeholder,
  submitLabel,
  save,
  reload,
  pending,
  returnFocus,
  onClose,
}: FormProps) {
  const uid = useId();
  const [ratings, setRatings] = useState<Ratings>(() => Object.fromEntries(criteria.map((c) => [c, initial?.[c] ?? null])) as Ratings);
  const [text, setText] = useState(initialText);
  const [starsError, setStarsError] = useState<string>();
  const [textError, setTextError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const missing = criteria.some((c) => ratings[c] === null);
    const parsed = textRule.safeParse(text);
    setStarsError(missing ? REVIEW_MESSAGES.starsRequired : undefined);
    setTextError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (missing || !parsed.success) return;
    try {
      const res = await save({ ratings: ratings as Record<string, number>, text: parsed.data });
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
      title={title}
      description={description}
      returnFocus={returnFocus}
      closable={!pending}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <fieldset disabled={pending} className="space-y-4">
          <legend className="sr-only">Ratings</legend>
          {criteria.map((c) => {
            const labelId = `${uid}-${c}-label`;
            const hintId = `${uid}-${c}-hint`;
            const invalid = !!starsError && ratings[c] === null;
            return (
              <div key={c} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p id={labelId} className="text-sm font-semibold text-ink">
                    {labels[c]?.label}
                  </p>
                  <p id={hintId} className="text-xs text-muted">
                    {labels[c]?.hint}
                  </p>
                </div>
                <StarInput
                  name={`${uid}-${c}`}
                  value={ratings[c] ?? null}
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
            placeholder={placeholder}
          />
        </fieldset>
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
