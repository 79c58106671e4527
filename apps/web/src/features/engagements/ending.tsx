import {
  ENGAGEMENT_MESSAGES,
  type EngagementDetail,
  type NoticeSide,
  addDays,
  earlyEndProblem,
  noticeEndProblem,
} from '@talentloop/contract/api/engagements';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FailureAlert, type Failure } from '../../ui/form-actions.tsx';
import { TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/toast.ts';
import { useAcceptEarlyEnd, useDeclineEarlyEnd, useGiveNotice, useProposeEarlyEnd } from './api/ending.ts';
import { formatInstant, formatLongDay } from './format.ts';

// Ending an engagement (issue 35), the same on both sides: give notice (an end date at least the
// engagement's notice period ahead, checked by the contract's rule here and by the server), propose
// an earlier end the other side accepts or declines, and the end date as soon as there is one.

const FAILED = { title: 'Could not save', message: 'Please try again.' };

export function EngagementEnding({
  engagement: e,
  side,
  otherName,
}: {
  engagement: EngagementDetail;
  side: NoticeSide;
  otherName: string;
}) {
  const [dialog, setDialog] = useState<'notice' | 'early' | null>(null);
  const accept = useAcceptEarlyEnd();
  const decline = useDeclineEarlyEnd();
  const [failure, setFailure] = useState<Failure | null>(null);
  const early = e.notice.earlyEnd;
  const headingId = `ending-${e.id}`;

  if (e.status === 'ended') {
    return (
      <section aria-labelledby={headingId} className="border-t border-line pt-4">
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          Ending
        </h3>
        <p className="mt-1 text-sm text-muted">
          Ended{e.endDate ? ` on ${formatLongDay(e.endDate)}` : ''}. Any last week or milestone is still submitted and approved as usual.
        </p>
      </section>
    );
  }
  if (e.status !== 'active') return null;

  const who = (by: NoticeSide) => (by === side ? 'You' : otherName);
  async function answer(yes: boolean) {
    setFailure(null);
    try {
      const res = await (yes ? accept : decline).mutateAsync({ engagementId: e.id, body: { version: e.version } });
      notify.success(res.responseMessage || (yes ? ENGAGEMENT_MESSAGES.earlyEndAccepted : ENGAGEMENT_MESSAGES.earlyEndDeclined));
    } catch (err) {
      setFailure(errorMessage(err, { fallback: FAILED, codes: 'all' }));
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-line pt-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <CalendarClock className="h-4 w-4 text-muted" aria-hidden="true" />
        Ending
      </h3>
      {e.endDate ? (
        <p className="text-sm text-ink">
          <strong>Ends on {formatLongDay(e.endDate)}</strong>
          {e.notice.givenBy && e.notice.givenAt
            ? ` (${who(e.notice.givenBy) === 'You' ? 'you' : otherName} gave notice on ${formatInstant(e.notice.givenAt, undefined)}).`
            : '.'}{' '}
          That is the last day of work; the engagement ends then and reviews open.
        </p>
      ) : (
        <p className="text-sm text-muted">
          Either of you can end it with {e.notice.days} days' notice: ending today, the last day would be{' '}
          {e.earliestEndDate ? formatLongDay(e.earliestEndDate) : '—'}. An earlier end needs you both to agree.
        </p>
      )}
      {early &&
        (early.proposedBy === side ? (
          <p className="text-sm text-muted">
            You proposed ending on {formatLongDay(early.date)}. It waits for {otherName} to accept or decline.
          </p>
        ) : (
          <div className="space-y-2 rounded-[var(--radius-card)] border border-amber-200 bg-amber-50 p-3">
            <p className="text-sm text-ink">
              {otherName} proposes ending on <strong>{formatLongDay(early.date)}</strong>
              {e.endDate ? ` instead of ${formatLongDay(e.endDate)}` : ''}. It changes only if you accept.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void answer(true)} pending={accept.isPending} disabled={decline.isPending}>
                Accept earlier end
              </Button>
              <Button variant="secondary" onClick={() => void answer(false)} pending={decline.isPending} disabled={accept.isPending}>
                Decline
              </Button>
            </div>
          </div>
        ))}
      <FailureAlert failure={failure} />
      <div className="flex flex-wrap gap-2">
        {!e.endDate && (
          <Button variant="secondary" onClick={() => setDialog('notice')}>
            Give notice
          </Button>
        )}
        {!early && e.endDate !== e.today && (
          <Button variant="secondary" onClick={() => setDialog('early')}>
            Propose an earlier end
          </Button>
        )}
      </div>
      {dialog && <EndDateDialog engagement={e} kind={dialog} otherName={otherName} onClose={() => setDialog(null)} />}
    </section>
  );
}

function EndDateDialog({
  engagement: e,
  kind,
  otherName,
  onClose,
}: {
  engagement: EngagementDetail;
  kind: 'notice' | 'early';
  otherName: string;
  onClose: () => void;
}) {
  const notice = useGiveNotice();
  const propose = useProposeEarlyEnd();
  const step = kind === 'notice' ? notice : propose;
  const currentEnd = e.endDate ?? e.earliestEndDate ?? e.today;
  const [date, setDate] = useState(kind === 'notice' ? (e.earliestEndDate ?? '') : e.today);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const problem = (d: string) =>
    !/^\d{4}-\d{2}-\d{2}$/.test(d)
      ? 'Enter a real date (YYYY-MM-DD).'
      : kind === 'notice'
        ? noticeEndProblem(d, e.today, e.notice.days)
        : earlyEndProblem(d, e.today, currentEnd);

  async function confirm() {
    setFailure(null);
    const p = problem(date);
    setError(p);
    if (p) {
      document.getElementById(`end-date-${e.id}`)?.focus();
      return;
    }
    try {
      const res = await step.mutateAsync({ engagementId: e.id, body: { version: e.version, endDate: date } });
      notify.success(res.responseMessage || (kind === 'notice' ? ENGAGEMENT_MESSAGES.noticeGiven : ENGAGEMENT_MESSAGES.earlyEndProposed));
      onClose();
    } catch (err) {
      setFailure(errorMessage(err, { fallback: FAILED, codes: 'all' }));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={kind === 'notice' ? 'Give notice' : 'Propose an earlier end'}
      description={
        kind === 'notice'
          ? `Choose the last day of work: ${formatLongDay(e.earliestEndDate ?? e.today)} or later (${e.notice.days} days' notice). ${otherName} is told at once.`
          : `Choose a last day from today up to ${formatLongDay(addDays(currentEnd, -1))}. It changes only if ${otherName} accepts.`
      }
      closable={!step.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={step.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} pending={step.isPending}>
            {kind === 'notice' ? 'Give notice' : 'Send proposal'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextField
          id={`end-date-${e.id}`}
          label="Last day of work"
          type="date"
          value={date}
          min={kind === 'notice' ? (e.earliestEndDate ?? undefined) : e.today}
          max={kind === 'early' ? addDays(currentEnd, -1) : undefined}
          onChange={(ev) => setDate(ev.target.value)}
          error={error}
        />
        <FailureAlert failure={failure} />
      </div>
    </Dialog>
  );
}
