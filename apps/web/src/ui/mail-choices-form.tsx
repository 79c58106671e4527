import { type FormEvent, useId, useState } from 'react';
import { useUnsavedChanges } from '../lib/unsaved-changes.ts';
import { Button } from './button.tsx';

// Which mails an account receives, one form for both roles (the kinds, their texts and the note
// about mail that is always sent come from the contract: company-settings.ts, talent-pool.ts). A
// save sends the version the choices were loaded at; the caller reloads them when it is stale.

type KindInfo = { label: string; description: string };

export function MailChoicesForm<K extends string>({
  kinds,
  info,
  loaded,
  note,
  pending,
  onSave,
}: {
  kinds: readonly K[];
  info: Record<K, KindInfo>;
  loaded: Record<K, boolean>;
  /** Which mail is always sent. */
  note: string;
  pending: boolean;
  onSave: (mail: Record<K, boolean>) => void;
}) {
  const uid = useId();
  const [mail, setMail] = useState<Record<K, boolean>>(loaded);
  const dirty = kinds.some((k) => mail[k] !== loaded[k]);
  // Leaving with changed but unsaved choices asks first (the page's UnsavedChangesPrompt).
  useUnsavedChanges(dirty && !pending);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(mail);
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={pending} className="min-w-0">
        <legend className="text-sm font-semibold">Email me about</legend>
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line">
          {kinds.map((kind) => {
            const id = `${uid}-${kind}`;
            return (
              <li key={kind} className="flex items-start gap-3 p-4">
                <input
                  id={id}
                  type="checkbox"
                  checked={mail[kind]}
                  onChange={(e) => setMail((m) => ({ ...m, [kind]: e.target.checked }))}
                  aria-describedby={`${id}-text`}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span>
                  <label htmlFor={id} className="block cursor-pointer font-medium">
                    {info[kind].label}
                  </label>
                  <span id={`${id}-text`} className="block text-sm text-muted">
                    {info[kind].description}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">{note}</p>
      <div className="mt-8 flex justify-end border-t border-line pt-6">
        <Button type="submit" pending={pending} disabled={!dirty}>
          Save preferences
        </Button>
      </div>
    </form>
  );
}
