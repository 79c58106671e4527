import { EyeOff, MessageSquareReply } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { Stars } from './stars.tsx';

// One review as both sides show it (decision 189): the stars and the overall rating, who and when,
// 'Hidden by our team' when an operator hid it, the rating per criterion, the text, and the reply.
// The company's hires ('your review', the freelancer's review of you) and the freelancer's
// 'Reviews from companies' and 'Companies you worked with' all show a review this way.

export function ReviewSummary({
  heading,
  overall,
  meta,
  hidden = false,
  note,
  ratings,
  text,
  reply,
  after,
  frame = 'none',
  children,
}: {
  /** Before the stars: the review's heading when it is a list item (the company's name). */
  heading?: ReactNode;
  overall: number;
  /** Who wrote it and when ('Your review · Nov 3, 2026'). */
  meta: ReactNode;
  hidden?: boolean;
  /** Beside the meta when the review is not hidden ('Editable until ...'). */
  note?: ReactNode;
  /** The rating per criterion, in the contract's order. */
  ratings?: { key: string; label: string; value: number | undefined }[];
  text: string;
  /** The other side's reply, under a label ('Your reply', 'Ada’s reply'). */
  reply?: { label: string; text: string } | null;
  /** Under the meta, before the text (when it is shown). */
  after?: ReactNode;
  /** A grey panel, an outlined panel, or none (the list item is the frame). */
  frame?: 'surface' | 'outline' | 'none';
  /** After the review (its actions). */
  children?: ReactNode;
}) {
  return (
    <div className={cn(frame === 'surface' && 'rounded-xl bg-surface p-4', frame === 'outline' && 'rounded-xl border border-line p-4')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {heading}
        <Stars value={overall} />
        <span className="text-sm font-semibold text-ink">{overall.toFixed(1)}</span>
        <span className="text-xs text-muted">{meta}</span>
        {hidden ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
            <EyeOff className="h-3.5 w-3.5" aria-hidden="true" />
            Hidden by our team
          </span>
        ) : (
          note
        )}
      </div>
      {after}
      {ratings && ratings.length > 0 && (
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {ratings.map((r) => (
            <div key={r.key} className="flex items-center gap-1">
              <dt>{r.label}</dt>
              <dd className="font-semibold text-ink">{r.value}/5</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-2 text-sm break-words whitespace-pre-line text-ink">{text}</p>
      {reply && (
        <div className="mt-3 border-l-2 border-brand-200 pl-3">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-brand-800">
            <MessageSquareReply className="h-3.5 w-3.5" aria-hidden="true" />
            {reply.label}
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{reply.text}</p>
        </div>
      )}
      {children}
    </div>
  );
}
