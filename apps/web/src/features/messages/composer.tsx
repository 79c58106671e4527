import type { FileKind } from '@talentloop/contract/api/define';
import { ERRORS } from '@talentloop/contract';
import { MESSAGE_FILE_KINDS, MESSAGE_FILE_MAX_BYTES, MESSAGE_TEXT_MAX, messageTextProblem } from '@talentloop/contract/api/messages';
import { LoaderCircle, Paperclip, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { messagesError } from './error-text.ts';
import { cn } from '../../ui/cn.ts';
import { FieldError } from '../../ui/form-field.tsx';
import { useSendMessage } from './api/send-message.ts';
import { fileSize } from './format.ts';

// Writing in a conversation (issue 36): Enter sends, Shift+Enter starts a new line; a file (the
// contract's kinds and size, checked here and again by the server from its bytes) goes with an
// optional line. The text is checked with the contract's rule before it is sent. What was typed
// stays when a send fails.

const EXTENSIONS: Record<FileKind, string[]> = {
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  webp: ['.webp'],
  gif: ['.gif'],
  avif: ['.avif'],
  pdf: ['.pdf'],
  doc: ['.doc'],
  docx: ['.docx'],
};
const ACCEPT = MESSAGE_FILE_KINDS.flatMap((k) => EXTENSIONS[k]).join(',');
const FAILED = { title: 'Could not send', message: 'Please try again.' };

/** Why a picked file cannot be sent (the contract's messages), or undefined. */
export function fileProblem(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (!ACCEPT.split(',').some((ext) => name.endsWith(ext))) return ERRORS.TL_CORE_36015_E.message;
  if (file.size > MESSAGE_FILE_MAX_BYTES) return ERRORS.TL_CORE_36016_E.message;
  return undefined;
}

export function Composer({ conversationId, counterpart }: { conversationId: string; counterpart: string }) {
  const send = useSendMessage();
  const id = useId();
  const fileInputId = `${id}-file`;
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (send.isPending) return;
    const problem = file ? (text.trim() ? messageTextProblem(text) : null) : messageTextProblem(text);
    if (problem) {
      setError(problem);
      textRef.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await send.mutateAsync({ conversationId, text, file });
      setText('');
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      textRef.current?.focus();
    } catch (err) {
      setError(messagesError(err, FAILED));
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  const near = text.length > MESSAGE_TEXT_MAX * 0.8;
  const lines = Math.min(6, Math.max(1, text.split('\n').length));
  return (
    <form onSubmit={submit} noValidate className="border-t border-line bg-white px-3 py-3 sm:px-5">
      {file && (
        <div className="mb-2 flex items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2 text-sm">
          <Paperclip className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate font-medium text-ink">{file.name}</span>
          <span className="shrink-0 text-xs text-muted">{fileSize(file.size)}</span>
          <button
            type="button"
            onClick={() => {
              setFile(null);
              if (fileRef.current) fileRef.current.value = '';
            }}
            aria-label={`Remove ${file.name}`}
            className="-my-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-white hover:text-ink"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <label
          htmlFor={fileInputId}
          className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-xl text-muted hover:bg-surface hover:text-ink has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
        >
          <Paperclip className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">Attach a file</span>
          <input
            ref={fileRef}
            id={fileInputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null;
              if (!picked) return;
              const problem = fileProblem(picked);
              if (problem) {
                setError(problem);
                e.target.value = '';
                return;
              }
              setError(undefined);
              setFile(picked);
              textRef.current?.focus();
            }}
          />
        </label>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-text`} className="sr-only">
            Message to {counterpart}
          </label>
          <textarea
            ref={textRef}
            id={`${id}-text`}
            value={text}
            rows={lines}
            maxLength={MESSAGE_TEXT_MAX}
            placeholder={file ? 'Add a line (optional)' : `Write to ${counterpart}…`}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className={cn(
              'block max-h-40 min-h-11 w-full resize-none rounded-xl border bg-white px-3.5 py-2.5 text-sm text-ink outline-none placeholder:text-muted focus:border-brand-600 focus:ring-2 focus:ring-brand-200',
              error ? 'border-danger' : 'border-line',
            )}
          />
        </div>
        <button
          type="submit"
          aria-busy={send.isPending || undefined}
          className="flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {send.isPending ? (
            <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal className="h-4 w-4" aria-hidden="true" />
          )}
          <span className="sr-only sm:not-sr-only">Send</span>
        </button>
      </div>
      <div className="mt-1.5 flex items-start justify-between gap-3 pl-[3.25rem] text-xs text-muted">
        <FieldError id={`${id}-error`}>{error}</FieldError>
        <p id={`${id}-hint`} className={cn('ml-auto hidden shrink-0 sm:block', near && 'block')} aria-live={near ? 'polite' : undefined}>
          {near
            ? `${text.length.toLocaleString('en')} / ${MESSAGE_TEXT_MAX.toLocaleString('en')}`
            : 'Enter to send · Shift+Enter for a new line'}
        </p>
      </div>
    </form>
  );
}
