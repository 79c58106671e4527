import { type Interview, type InterviewStatus, interviewStatusLabel, isInterviewAhead } from '@talentloop/contract/api/interviews';
import { formatInterviewClock, formatInterviewTime, formatZoneName } from '@talentloop/contract/rules/interview-times';
import { Link2, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { NETWORK_MESSAGE } from '../../lib/error-message.ts';
import { cn } from '../../ui/cn.ts';

// Small pieces both sides' interview screens share: the status badge, a time range in the viewer's
// zone with the zone's name, the meeting place, and what a failed change shows.

const TONES: Record<InterviewStatus, string> = {
  proposed: 'bg-brand-50 text-brand-700',
  new_times_requested: 'bg-warning-soft text-warning',
  declined: 'bg-danger-soft text-danger',
  accepted: 'bg-success-soft text-success',
  cancelled: 'bg-surface text-muted',
  held: 'bg-success-soft text-success',
  no_show: 'bg-danger-soft text-danger',
};

/** The time now, renewed every minute: an interview that ends moves to 'Earlier' without a reload. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The interview's status, or 'Ended' / 'Times passed' once an open one is behind `now` (contract). */
export function StatusBadge({ interview, now = Date.now() }: { interview: Interview; now?: number }) {
  const behind = !isInterviewAhead(interview, now) && interview.status === 'accepted';
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        behind ? 'bg-surface text-muted' : TONES[interview.status],
      )}
    >
      {interviewStatusLabel(interview, now)}
    </span>
  );
}

/** 'Tue, 16 Mar 2027, 3:00 PM – 4:00 PM' in `zone`, inside a <time> with the UTC instant. */
export function TimeRange({ start, end, zone }: { start: string; end: string; zone: string }) {
  return (
    <time dateTime={start} className="tabular-nums">
      {formatInterviewTime(start, zone)} – {formatInterviewClock(end, zone)}
    </time>
  );
}

export function ZoneNote({ zone, at, className }: { zone: string; at?: string; className?: string }) {
  return <p className={cn('text-xs text-muted', className)}>Times in {formatZoneName(zone, at)}</p>;
}

export function Place({ interview }: { interview: Pick<Interview, 'location' | 'locationKind'> }) {
  const Icon = interview.locationKind === 'link' ? Link2 : Phone;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{interview.locationKind === 'link' ? 'Meeting link:' : 'Phone:'}</span>
      <span className="min-w-0 break-all">{interview.location}</span>
    </p>
  );
}

/** The server's message for a refused change (it names what to do), or the connection problem. */
export function failureText(err: unknown, fallback = 'Please try again.'): string {
  if (err instanceof ApiError) return err.isNetwork ? NETWORK_MESSAGE : err.body?.responseMessage || fallback;
  return fallback;
}
