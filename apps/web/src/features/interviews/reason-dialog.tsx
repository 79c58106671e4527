import { INTERVIEW_MESSAGES, INTERVIEW_REASON_MAX, type Interview, InterviewReason } from '@talentloop/contract/api/interviews';
import { useState } from 'react';
import type { ReturnFocus } from '../../ui/dialog.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { notify } from '../../ui/toast.ts';
import { type ReasonAction, useReasonAction } from './api/reason-action.ts';
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

/** An interview's change that needs a reason, in the shared reason dialog with this action's words. */
export function InterviewReasonDialog({
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
  const [failure, setFailure] = useState<string | null>(null);
  const copy = COPY[action];
  const released = action === 'otherTimes' && interview.status === 'accepted';

  async function submit(reason: string) {
    if (mutation.isPending) return;
    setFailure(null);
    try {
      const res = await mutation.mutateAsync({ action, interviewId: interview.id, reason, version: interview.version });
      notify.success(res.responseMessage, `${withName} is told.`);
      onClose();
    } catch (err) {
      setFailure(failureText(err));
    }
  }

  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={copy.title}
      description={
        released ? 'Your accepted time is released and removed from both calendars; the company is asked for new times.' : copy.description
      }
      returnFocus={returnFocus}
      role={copy.danger ? 'alertdialog' : 'dialog'}
      max={INTERVIEW_REASON_MAX}
      schema={InterviewReason}
      requiredMessage={INTERVIEW_MESSAGES.reasonRequired}
      rows={3}
      cancelLabel="Keep it"
      submitLabel={copy.confirm}
      tone={copy.danger ? 'danger' : 'primary'}
      pending={mutation.isPending}
      error={failure}
      onSubmit={submit}
    />
  );
}
