import {
  MESSAGE_MESSAGES,
  MESSAGE_REPORT_REASON_MAX,
  MESSAGE_TEXT_MAX,
  type Message,
  ReportReason,
  messageTextProblem,
} from '@talentloop/contract/api/messages';
import { EyeOff, FileText, Flag, Info, Paperclip, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { messagesError } from './error-text.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { FieldError } from '../../ui/form-field.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { notify } from '../../ui/toast.ts';
import { useDeleteMessage, useEditMessage, useReportMessage } from './api/change-message.ts';
import { downloadMessageFile } from './api/message-file.ts';
import { fileSize, messageClock, messageFullTime } from './format.ts';
import { MessageBody } from './message-body.tsx';

// One line of a conversation (issue 36): the other side's on the left, the caller's on the right,
// system lines (interviews, engagement events) centred and dated. The caller's own message can be
// edited while the contract's window is open and deleted at any time; either leaves its mark. The
// other side's can be reported with a reason. Contact details sent before an engagement carry the
// contract's note about staying on the platform, shown to both.

const FAILED = { title: 'Could not save', message: 'Please try again.' };

/** A system line's words when the server sent none (the event's name, said plainly). */
const SYSTEM_FALLBACK: Record<NonNullable<Message['systemEvent']>, string> = {
  conversation_opened: 'Conversation started',
  interview_proposed: 'Interview times proposed',
  interview_accepted: 'Interview time accepted',
  interview_cancelled: 'Interview cancelled',
  candidate_selected: 'Selected',
  candidate_not_selected: 'Not selected',
  engagement_offered: 'Engagement offered',
  engagement_started: 'Engagement started',
  engagement_ended: 'Engagement ended',
  dispute_opened: 'An invoice was disputed',
  dispute_answered: 'The dispute was answered',
  dispute_decided: 'The dispute was decided',
};

export function MessageItem({
  message,
  conversationId,
  counterpart,
  seen,
  now,
  canWrite,
}: {
  message: Message;
  conversationId: string;
  counterpart: string;
  /** 'Seen' goes under this message (the newest of the caller's the other side has read). */
  seen: boolean;
  now: number;
  /** The conversation takes messages (edits too). */
  canWrite: boolean;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete' | 'report'>('view');
  const actionsRef = useRef<HTMLDivElement>(null);
  const time = (
    <time dateTime={message.createdAt} title={messageFullTime(message.createdAt)}>
      {messageClock(message.createdAt)}
    </time>
  );

  if (message.kind === 'system') {
    return (
      <div className="flex items-center gap-3 py-1 text-xs text-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <span className="max-w-[80%] text-center">
          <Info className="mr-1 inline h-3.5 w-3.5 align-[-2px]" aria-hidden="true" />
          {message.text || (message.systemEvent ? SYSTEM_FALLBACK[message.systemEvent] : '')} · {time}
        </span>
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>
    );
  }

  const mine = message.mine;
  const removed = !!message.deletedAt || message.hidden;
  const editable = mine && !removed && canWrite && !!message.editableUntil && Date.parse(message.editableUntil) > now;
  const who = mine ? 'You' : counterpart;

  return (
    <div className={cn('group flex flex-col', mine ? 'items-end' : 'items-start')}>
      <span className="sr-only">{who}, </span>
      {mode === 'edit' ? (
        <EditForm message={message} conversationId={conversationId} onDone={() => setMode('view')} />
      ) : (
        <div
          className={cn(
            'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-sm sm:max-w-[70%]',
            removed
              ? 'border border-dashed border-line bg-white text-muted italic shadow-none'
              : mine
                ? 'rounded-br-md bg-brand-700 text-white'
                : 'rounded-bl-md border border-line bg-white text-ink',
          )}
        >
          {message.hidden ? (
            <p className="flex items-center gap-1.5">
              <EyeOff className="h-4 w-4 shrink-0" aria-hidden="true" />
              {MESSAGE_MESSAGES.hiddenMark}
            </p>
          ) : message.deletedAt ? (
            <p className="flex items-center gap-1.5">
              <Trash2 className="h-4 w-4 shrink-0" aria-hidden="true" />
              {MESSAGE_MESSAGES.deletedMark}
            </p>
          ) : (
            <>
              {message.file && <FileChip conversationId={conversationId} file={message.file} mine={mine} />}
              {message.text && (
                <div className={cn(message.file && 'mt-1.5', mine && '[&_button]:text-white')}>
                  <MessageBody text={message.text} />
                </div>
              )}
            </>
          )}
        </div>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-xs text-muted">
        {time}
        {message.editedAt && !removed && <span>· {MESSAGE_MESSAGES.editedMark}</span>}
        {seen && <span className="font-medium text-brand-700">· Seen</span>}
        {message.reportedByMe && <span>· Reported</span>}
        {mode === 'view' && (
          <div
            ref={actionsRef}
            className="flex items-center gap-1 sm:opacity-0 sm:transition-opacity sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
          >
            {editable && <ItemAction icon={Pencil} label="Edit" onClick={() => setMode('edit')} />}
            {mine && !removed && <ItemAction icon={Trash2} label="Delete" onClick={() => setMode('delete')} />}
            {!mine && !removed && !message.reportedByMe && <ItemAction icon={Flag} label="Report" onClick={() => setMode('report')} />}
          </div>
        )}
      </div>
      {message.contactNote && !removed && (
        <p
          className={cn(
            'mt-1.5 flex max-w-[85%] items-start gap-2 rounded-xl bg-warning-soft px-3 py-2 text-xs text-ink sm:max-w-[70%]',
            mine ? 'self-end' : 'self-start',
          )}
        >
          <Info className="mt-0.5 h-3.5 w-3.5 shrink-0 text-warning" aria-hidden="true" />
          <span>{MESSAGE_MESSAGES.contactNote}</span>
        </p>
      )}
      {mode === 'delete' && <DeleteDialog conversationId={conversationId} message={message} onClose={() => setMode('view')} />}
      {mode === 'report' && (
        <ReportDialog conversationId={conversationId} message={message} counterpart={counterpart} onClose={() => setMode('view')} />
      )}
    </div>
  );
}

function ItemAction({ icon: Icon, label, onClick }: { icon: typeof Pencil; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-8 items-center gap-1 rounded-lg px-2 font-medium text-muted hover:bg-surface hover:text-ink"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {label}
    </button>
  );
}

function FileChip({ conversationId, file, mine }: { conversationId: string; file: NonNullable<Message['file']>; mine: boolean }) {
  const [pending, setPending] = useState(false);
  const Icon = file.mime.startsWith('image/') ? Paperclip : FileText;
  async function open() {
    setPending(true);
    try {
      await downloadMessageFile(conversationId, file);
    } catch {
      notify.error('Could not open the file', 'Please try again.');
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      onClick={open}
      aria-busy={pending || undefined}
      className={cn(
        'flex w-full min-w-0 items-center gap-2.5 rounded-xl px-2.5 py-2 text-left',
        mine ? 'bg-brand-800/60 text-white hover:bg-brand-800' : 'bg-surface text-ink hover:bg-brand-50',
      )}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate font-medium">{file.name}</span>
        <span className={cn('block text-xs', mine ? 'text-brand-100' : 'text-muted')}>{fileSize(file.size)} · Download</span>
      </span>
    </button>
  );
}

function EditForm({ message, conversationId, onDone }: { message: Message; conversationId: string; onDone: () => void }) {
  const edit = useEditMessage();
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string>();
  const id = `edit-${message.id}`;

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (edit.isPending) return;
    const problem = messageTextProblem(text);
    if (problem) return setError(problem);
    if (text.trim() === message.text) return onDone();
    try {
      await edit.mutateAsync({ conversationId, messageId: message.id, text });
      onDone();
    } catch (err) {
      setError(messagesError(err, FAILED));
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    }
  }

  return (
    <form onSubmit={save} noValidate className="w-full max-w-[85%] space-y-2 sm:max-w-[70%]">
      <label htmlFor={id} className="sr-only">
        Edit your message
      </label>
      <textarea
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the edit was asked for; its field takes the focus
        autoFocus
        value={text}
        maxLength={MESSAGE_TEXT_MAX}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full resize-none rounded-xl border border-brand-600 bg-white px-3 py-2 text-sm text-ink shadow-sm outline-none focus:ring-2 focus:ring-brand-200"
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" className="min-h-9 px-3" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-9 px-3" pending={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function DeleteDialog({ conversationId, message, onClose }: { conversationId: string; message: Message; onClose: () => void }) {
  const remove = useDeleteMessage();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Delete this message?"
      description={`Both of you will see “${MESSAGE_MESSAGES.deletedMark}” in its place. This cannot be undone.`}
      confirmLabel="Delete message"
      tone="danger"
      pending={remove.isPending}
      onConfirm={async () => {
        setError(null);
        try {
          await remove.mutateAsync({ conversationId, messageId: message.id });
          notify.success(MESSAGE_MESSAGES.deleted);
          onClose();
        } catch (err) {
          setError(messagesError(err, { title: 'Could not delete', message: 'Please try again.' }));
        }
      }}
    >
      {error && <p className="text-sm text-danger">{error}</p>}
    </ConfirmDialog>
  );
}

function ReportDialog({
  conversationId,
  message,
  counterpart,
  onClose,
}: {
  conversationId: string;
  message: Message;
  counterpart: string;
  onClose: () => void;
}) {
  const report = useReportMessage();
  const [error, setError] = useState<string | null>(null);
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Report this message"
      description={`Tell our team what is wrong. ${counterpart} is not told who reported it; our team reads this conversation to decide.`}
      max={MESSAGE_REPORT_REASON_MAX}
      schema={ReportReason}
      requiredMessage={MESSAGE_MESSAGES.reasonRequired}
      placeholder="e.g. Asks me to pay outside Talentloop."
      submitLabel="Send report"
      tone="danger"
      pending={report.isPending}
      error={error}
      onSubmit={async (reason) => {
        setError(null);
        try {
          const res = await report.mutateAsync({ conversationId, messageId: message.id, reason });
          notify.success(res.responseMessage || MESSAGE_MESSAGES.reported);
          onClose();
        } catch (err) {
          setError(messagesError(err, { title: 'Could not report', message: 'Please try again.' }));
        }
      }}
    />
  );
}
