import { INTERVIEW_MESSAGES, INTERVIEW_REASON_MAX, type Interview, InterviewReason } from '@talentloop/contract/api/interviews';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { notify } from '../../ui/toast.ts';
import { type ReasonAction, useReasonAction } from './api/interviews-api.ts';
import { failureText } from './parts.tsx';

// The changes that need a reason the other side reads: cancel (either side), decline, and ask for
// other times (from a proposal, or from an accepted interview: its time is released).

const COPY: Record<ReasonAction, { title: string; description: string; confirm: string; danger: boolean }> = {
  companyCancel: {
    title: 'Cancel this interview?',
    description: 'The freelancer is told with your reason; an accepted time is removed from both calendars.',
    confirm: 'Cancel interview',
    danger: true,
  },
  freelancerCancel: {
    title: 'Cancel this interview?',
    description: 'The company is told with your reason, and the time is removed from both calendars.',
    confirm: 'Cancel interview',
    danger: true,
  },
  decline: {
    title: 'Decline this interview?',
    description: 'The company is told with your reason.',
    confirm: 'Decline',
    danger: true,
  },
  otherTimes: {
    title: 'Ask for other times',
    description: 'The company is asked to propose new times. Say when suits you.',
    confirm: 'Ask for other times',
    danger: false,
  },
};

export function reasonProblem(text: string): string | undefined {
  if (!text.trim()) return INTERVIEW_MESSAGES.reasonRequired;
  const parsed = InterviewReason.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export function ReasonDialog({
  action,
  interview,
  withName,
  onClose,
  returnFocus,
}: {
  action: ReasonAction;
  interview: Interview;
  withName: string;
  onClose: () => void;
  returnFocus?: ReturnFocus;
}) {
  const mutation = useReasonAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const copy = COPY[action];
  const released = action === 'otherTimes' && interview.status === 'accepted';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (mutation.isPending) return;
    setFailure(null);
    const problem = reasonProblem(reason);
    if (problem) return setError(problem);
    try {
      const res = await mutation.mutateAsync({ action, interviewId: interview.id, reason: reason.trim(), version: interview.version });
      notify.success(res.responseMessage, `${withName} is told.`);
      onClose();
    } catch (err) {
      setFailure(failureText(err));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={copy.title}
      description={
        released ? 'Your accepted time is released and removed from both calendars; the company is asked for new times.' : copy.description
      }
      returnFocus={returnFocus}
      closable={!mutation.isPending}
      role={copy.danger ? 'alertdialog' : 'dialog'}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <CountedTextarea
          label="Reason"
          max={INTERVIEW_REASON_MAX}
          value={reason}
          error={error}
          rows={3}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Keep it
          </Button>
          <Button type="submit" variant={copy.danger ? 'danger' : 'primary'} pending={mutation.isPending}>
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
