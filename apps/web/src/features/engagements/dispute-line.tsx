import {
  AnswerDisputeBody,
  DISPUTE_FILES_MAX,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_SUBJECT_LABELS,
  DISPUTE_WINDOW_DAYS,
  type DisputeRead,
  type DisputeSubject,
  OpenDisputeBody,
} from '@talentloop/contract/api/disputes';
import { DISPUTE_TEXT_MAX } from '@talentloop/contract/rules/disputes';
import { useId, useState } from 'react';
import { AttachFile, FileDownloads, describeFile } from '../../ui/attached-files.tsx';
import { Button } from '../../ui/button.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { notify } from '../../ui/toast.ts';
import type { Side } from './api/get-documents.ts';
import { disputeFileUrl, useAnswerDispute, useAttachDisputeFile, useMyDisputes, useOpenDispute } from './api/disputes.ts';
import { formatLongDay, money } from './format.ts';
import { useReasonSend } from './reason-send.ts';

// Disputes on an invoice (issue 35, decision 246): within 30 days of its issue date either side
// disputes it (the invoice, or the week's hours or milestone it bills); after that the button is gone
// and a line says why. A dispute shows its reason, the other side's answer and the decision; the
// other side answers here.

const sideName = (s: 'company' | 'freelancer', me: Side) => (s === me ? 'you' : s === 'company' ? 'the company' : 'the freelancer');

export function DisputeLine({ invoiceId, side }: { invoiceId: string; side: Side }) {
  const mine = useMyDisputes();
  if (!mine.data) return null;
  const dispute = mine.data.disputes.find((d) => d.invoiceId === invoiceId);
  if (dispute) return <DisputeBox dispute={dispute} side={side} />;
  const invoice = mine.data.invoices.find((i) => i.invoiceId === invoiceId);
  if (!invoice) return null;
  if (!invoice.canDispute)
    return (
      <p className="mt-1 text-muted">
        The {DISPUTE_WINDOW_DAYS} days to dispute this invoice ended on {formatLongDay(invoice.disputeUntil)}.
      </p>
    );
  return <OpenDispute invoiceId={invoiceId} number={invoice.number} work={invoice.work} until={invoice.disputeUntil} />;
}

function OpenDispute({
  invoiceId,
  number,
  work,
  until,
}: {
  invoiceId: string;
  number: string;
  work: 'timesheet' | 'milestone';
  until: string;
}) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState<DisputeSubject>('invoice');
  const send = useOpenDispute();
  const name = useId();
  const sender = useReasonSend(
    async (reason) => {
      const res = await send.mutateAsync({ invoiceId, body: { subject, reason } });
      notify.success(res.responseMessage);
    },
    () => setOpen(false),
  );
  const subjects: DisputeSubject[] = ['invoice', work];
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Dispute ${number}`}>
        Dispute
      </Button>
      <span className="text-muted">You can dispute this invoice until {formatLongDay(until)}.</span>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Dispute ${number}`}
        description="Say what is wrong. The money stays held and its release is suspended until an operator decides; the other side is told and can answer."
        label="What is wrong"
        max={DISPUTE_TEXT_MAX}
        schema={OpenDisputeBody.shape.reason}
        submitLabel="Open dispute"
        pending={sender.pending}
        error={sender.error}
        onSubmit={(reason) => void sender.submit(reason)}
      >
        <fieldset>
          <legend className="text-sm font-medium text-ink">What do you dispute?</legend>
          <div className="mt-2 space-y-1">
            {subjects.map((s) => (
              <label key={s} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name={name} className="h-4 w-4" checked={subject === s} onChange={() => setSubject(s)} />
                {DISPUTE_SUBJECT_LABELS[s]}
              </label>
            ))}
          </div>
        </fieldset>
      </ReasonDialog>
    </div>
  );
}

function DisputeBox({ dispute: d, side }: { dispute: DisputeRead; side: Side }) {
  const [open, setOpen] = useState(false);
  const answer = useAnswerDispute();
  const sender = useReasonSend(
    async (text) => {
      const res = await answer.mutateAsync({ disputeId: d.id, answer: text });
      notify.success(res.responseMessage);
    },
    () => setOpen(false),
  );
  const canAnswer = d.status === 'open' && d.raisedBy !== side;
  return (
    <section aria-label={`Dispute of ${d.invoiceNumber}`} className="mt-2 rounded-md border border-line bg-brand-50 p-3">
      <p className="font-medium text-ink">
        Disputed by {sideName(d.raisedBy, side)} on {formatLongDay(d.openedAt.slice(0, 10))} · {DISPUTE_STATUS_LABELS[d.status]}
      </p>
      <p className="text-ink">
        <span className="font-medium">{DISPUTE_SUBJECT_LABELS[d.subject]}:</span> {d.reason}
      </p>
      {d.answer ? (
        <p className="mt-1 text-ink">
          <span className="font-medium">Answer from {sideName(d.raisedBy === 'company' ? 'freelancer' : 'company', side)}:</span> {d.answer}
        </p>
      ) : (
        !canAnswer && d.status === 'open' && <p className="mt-1 text-muted">Waiting for the other side’s answer.</p>
      )}
      {d.outcome && (
        <p className="mt-1 text-ink">
          <span className="font-medium">Decided on {formatLongDay((d.decidedAt ?? '').slice(0, 10))}:</span>{' '}
          {DISPUTE_OUTCOME_LABELS[d.outcome]}
          {d.refundMinor !== null && ` (${money(d.refundMinor, d.currency)} back to the company)`}
          {d.creditNoteNumber && `, credit note ${d.creditNoteNumber}`}. {d.decisionReason}
        </p>
      )}
      <DisputeFiles dispute={d} side={side} />
      {canAnswer && (
        <>
          <Button
            className="mt-2"
            variant="secondary"
            onClick={() => setOpen(true)}
            aria-label={`Answer the dispute of ${d.invoiceNumber}`}
          >
            Answer
          </Button>
          <ReasonDialog
            open={open}
            onOpenChange={setOpen}
            title={`Answer the dispute of ${d.invoiceNumber}`}
            description="Give your side. An operator reads both and decides."
            label="Your answer"
            max={DISPUTE_TEXT_MAX}
            schema={AnswerDisputeBody.shape.answer}
            submitLabel="Send answer"
            pending={sender.pending}
            error={sender.error}
            onSubmit={(text) => void sender.submit(text)}
          />
        </>
      )}
    </section>
  );
}

/** The dispute's evidence: each side's files as downloads, and 'Attach a file' for the caller's side until the decision. */
function DisputeFiles({ dispute: d, side }: { dispute: DisputeRead; side: Side }) {
  const id = useId();
  const attach = useAttachDisputeFile();
  const mine = d.files.filter((f) => f.side === side).length;
  const canAttach = d.status !== 'decided' && mine < DISPUTE_FILES_MAX;
  return (
    <div className="mt-2">
      <FileDownloads
        files={d.files}
        label={`Files of the dispute of ${d.invoiceNumber}`}
        className="space-y-1"
        url={(f) => disputeFileUrl(d.id, f.id)}
        fileName={(_, i) => `dispute-${d.invoiceNumber}-file-${i + 1}`}
      >
        {(f, i) => `File ${i + 1} from ${sideName(f.side, side)} (${describeFile(f)})`}
      </FileDownloads>
      {canAttach && (
        <AttachFile
          label={{ text: `Attach a file to the dispute of ${d.invoiceNumber}` }}
          hintId={`${id}-hint`}
          pending={attach.isPending}
          className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1"
          onFile={async (file) => {
            await attach.mutateAsync({ disputeId: d.id, file });
            notify.success('File attached.');
          }}
        >
          <span id={`${id}-hint`} className="text-xs text-muted">
            PDF, Word, JPG or PNG, up to 10 MB each; at most {DISPUTE_FILES_MAX} from each side.
          </span>
        </AttachFile>
      )}
    </div>
  );
}
