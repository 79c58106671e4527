import { companyTalentPath, paths } from '@talentloop/contract';
import {
  COMPANY_REVIEW_CRITERIA,
  COMPANY_REVIEW_CRITERION_LABELS,
  type Hire,
  REVIEW_BLIND_DAYS,
  reviewWaitMessage,
} from '@talentloop/contract/api/reviews';
import { BriefcaseBusiness, Clock, ListChecks, Pencil, Star } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { ReviewSummary } from '../../ui/review-summary.tsx';
import { useHires } from './api/get-hires.ts';
import { ReviewDialog } from './review-dialog.tsx';

// The company's Projects (issues 22, 32, 35): every freelancer it selected from a shortlist is a hire,
// in progress until its engagement ends (with notice, or earlier when both accept: the hire is then
// finished by the server); a finished hire can be reviewed once, and the review edited until it is
// published. Reviews only from real work: 'Write a review' is offered once the hire is eligible (an
// engagement ended with approved work); before that the row says what it waits for. Double-blind: the row says when the
// company's review will show, and shows the freelancer's review of the company once published.
// Rows are cards that line up as a table on wide screens.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));
const _FALLBACK = { title: 'Could not save', message: 'Please try again.' };

/** Composed by the router (issue 34): the engagements feature's section and its offer action on each hire. */
type Slots = { Engagements?: ComponentType; OfferAction?: ComponentType<{ hire: Hire }> };

export function HiresPage({ Engagements, OfferAction }: Slots = {}) {
  const hires = useHires();
  const inProgress = hires.data?.hires.filter((h) => !h.finishedAt) ?? [];
  const finished = hires.data?.hires.filter((h) => h.finishedAt) ?? [];

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">Hiring</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Projects</h1>
          <p className="mt-2 text-muted">
            Everyone you selected from a shortlist. When an engagement with them ends (with notice, or earlier if you both agree) and has
            approved work, you can review them. Your review shows on their profile once they have reviewed you too, or {REVIEW_BLIND_DAYS}{' '}
            days after you write it.
          </p>
        </div>
        <Link to={paths.company.shortlists} className={buttonClass('secondary', 'shrink-0')}>
          <ListChecks className="h-4 w-4" aria-hidden="true" />
          Shortlists
        </Link>
      </header>

      <div className="mt-6 space-y-8">
        {Engagements && <Engagements />}
        {hires.isError ? (
          <div className="space-y-3">
            <Alert>Failed to get your projects. Please try again.</Alert>
            <Button variant="secondary" onClick={() => hires.refetch()}>
              Try again
            </Button>
          </div>
        ) : !hires.data ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">Loading your projects</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-24 animate-pulse rounded-[var(--radius-card)] border border-line bg-white" />
            ))}
          </div>
        ) : hires.data.hires.length === 0 ? (
          <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white p-8 text-center">
            <BriefcaseBusiness className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
            <h2 className="mt-3 font-semibold text-ink">No projects yet</h2>
            <p className="mx-auto mt-1 max-w-md text-sm text-muted">
              When you move a candidate to Selected on one of your shortlists, the work with them shows here.
            </p>
            <Link to={paths.company.shortlists} className={buttonClass('primary', 'mt-5')}>
              Open shortlists
            </Link>
          </div>
        ) : (
          <>
            <HireSection
              id="in-progress"
              title="In progress"
              hires={inProgress}
              OfferAction={OfferAction}
              empty="Nothing in progress. Selected candidates show here."
            />
            <HireSection id="finished" title="Finished" hires={finished} empty="No finished projects yet." />
          </>
        )}
      </div>
    </main>
  );
}

function HireSection({
  id,
  title,
  hires,
  empty,
  OfferAction,
}: {
  id: string;
  title: string;
  hires: Hire[];
  empty: string;
  OfferAction?: Slots['OfferAction'];
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold tracking-tight text-ink">
        {title}
        <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-muted">{hires.length}</span>
      </h2>
      {hires.length === 0 ? (
        <p className="mt-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white p-5 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {hires.map((h) => (
            <HireRow key={h.id} hire={h} OfferAction={OfferAction} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HireRow({ hire, OfferAction }: { hire: Hire; OfferAction?: Slots['OfferAction'] }) {
  const [dialog, setDialog] = useState<'review' | null>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const { freelancer, review } = hire;
  const name = `${freelancer.firstName} ${freelancer.lastName}`.trim();
  const initials = `${freelancer.firstName.charAt(0)}${freelancer.lastName.charAt(0)}`.toUpperCase();
  const nameId = `hire-${hire.id}`;
  const editable = !!review && !review.hidden && Date.parse(review.editableUntil) > Date.now();
  const waiting = reviewWaitMessage(hire.eligibility, 'company');

  return (
    <li aria-labelledby={nameId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center">
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex h-11 w-11 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-sm font-bold text-brand-700">
            {freelancer.photoUrl ? (
              <img src={freelancer.photoUrl} alt="" className="h-full w-full object-cover" />
            ) : (
              <span aria-hidden="true">{initials}</span>
            )}
          </div>
          <div className="min-w-0">
            <h3 id={nameId} className="truncate font-semibold text-ink">
              {freelancer.slug ? (
                <Link to={companyTalentPath(freelancer.slug)} className="hover:text-brand-700 hover:underline">
                  {name}
                </Link>
              ) : (
                name
              )}
            </h3>
            <p className="truncate text-sm text-muted">{freelancer.occupation ?? 'Freelancer'}</p>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-muted">Role</dt>
          <dd className="truncate font-medium text-ink">{hire.role || '—'}</dd>
          <dt className="text-muted">Started</dt>
          <dd className="text-ink">{formatDate(hire.startedAt)}</dd>
          {hire.finishedAt && (
            <>
              <dt className="text-muted">Finished</dt>
              <dd className="text-ink">{formatDate(hire.finishedAt)}</dd>
            </>
          )}
        </dl>

        <div className="flex flex-wrap items-center gap-2 md:justify-end">
          {OfferAction && <OfferAction hire={hire} />}
          {waiting && !review ? (
            <p id={`${nameId}-waiting`} className="flex max-w-xs items-start gap-1.5 text-sm text-muted">
              <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {waiting}
            </p>
          ) : !hire.finishedAt ? null : !review ? (
            <Button id={`${nameId}-review`} ref={actionRef} onClick={() => setDialog('review')} aria-describedby={nameId}>
              <Star className="h-4 w-4" aria-hidden="true" />
              Write a review
            </Button>
          ) : editable ? (
            <Button ref={actionRef} variant="secondary" onClick={() => setDialog('review')} aria-describedby={nameId}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit review
            </Button>
          ) : null}
        </div>
      </div>

      {review && (
        <div className="mt-4">
          <ReviewSummary
            frame="surface"
            overall={review.overall}
            meta={`Your review · ${formatDate(review.createdAt)}`}
            hidden={review.hidden}
            note={editable ? <span className="text-xs text-muted">Editable until {formatDate(review.editableUntil)}</span> : null}
            after={
              !review.revealed && (
                <p className="mt-1 text-xs text-muted">
                  Not shown yet: {freelancer.firstName} and visitors of their profile see it once {freelancer.firstName} has reviewed you,
                  or on {formatDate(review.revealAt)}.
                </p>
              )
            }
            text={review.text}
            reply={review.reply ? { label: `${freelancer.firstName}’s reply`, text: review.reply } : null}
          />
        </div>
      )}

      {hire.freelancerReview ? (
        <div className="mt-3">
          <ReviewSummary
            frame="outline"
            overall={hire.freelancerReview.overall}
            meta={`${freelancer.firstName}’s review of your company · ${formatDate(hire.freelancerReview.createdAt)}`}
            hidden={hire.freelancerReview.hidden}
            ratings={COMPANY_REVIEW_CRITERIA.map((c) => ({
              key: c,
              label: COMPANY_REVIEW_CRITERION_LABELS[c].label,
              value: hire.freelancerReview?.ratings[c],
            }))}
            text={hire.freelancerReview.text}
          />
        </div>
      ) : hire.freelancerReviewed ? (
        <p className="mt-3 text-sm text-muted">
          {freelancer.firstName} has reviewed your company. You can read it once you have reviewed them too, or {REVIEW_BLIND_DAYS} days
          after they wrote it.
        </p>
      ) : null}

      {dialog === 'review' && (
        <ReviewDialog hireId={hire.id} freelancerName={name} review={review} returnFocus={actionRef} onClose={() => setDialog(null)} />
      )}
    </li>
  );
}
