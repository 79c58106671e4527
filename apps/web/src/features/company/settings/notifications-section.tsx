import type { ResponseOf } from '@talentloop/contract';
import {
  COMPANY_MAIL_KINDS,
  COMPANY_MAIL_KIND_INFO,
  COMPANY_SETTINGS_MESSAGES,
  type CompanyMailPreferences,
  type getCompanyNotifications,
} from '@talentloop/contract/api/company-settings';
import { type FormEvent, useId, useState } from 'react';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { notify } from '../../../ui/toast.ts';
import { FormSkeleton } from '../basics-form.tsx';
import { notifySaveFailed } from '../section-save.ts';
import { useCompanyNotifications, useSaveNotifications } from './settings-api.ts';

// Notifications & Communication: which mails the company receives, saved on the server with a
// version (a stale save is refused and the saved choices reload). The kinds, their texts and the
// note about mail that is always sent come from the contract.

type Loaded = ResponseOf<typeof getCompanyNotifications>;

export function NotificationsSection() {
  const query = useCompanyNotifications();
  if (query.isError) {
    return <LoadError what="your notification preferences" onRetry={() => query.refetch()} />;
  }
  if (!query.data) return <FormSkeleton rows={2} />;
  return <NotificationsForm key={query.data.version} loaded={query.data} onStale={() => query.refetch()} />;
}

function NotificationsForm({ loaded, onStale }: { loaded: Loaded; onStale: () => void }) {
  const uid = useId();
  const save = useSaveNotifications();
  const [mail, setMail] = useState<CompanyMailPreferences>(loaded.mail);
  const dirty = COMPANY_MAIL_KINDS.some((k) => mail[k] !== loaded.mail[k]);
  // Leaving with changed but unsaved choices asks first (the page's UnsavedChangesPrompt).
  useUnsavedChanges(dirty && !save.isPending);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { mail, version: loaded.version },
      {
        onSuccess: (res) => notify.success(res.responseMessage),
        onError: (err) => notifySaveFailed(err, onStale),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={save.isPending} className="min-w-0">
        <legend className="text-sm font-semibold">Email me about</legend>
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line">
          {COMPANY_MAIL_KINDS.map((kind) => {
            const info = COMPANY_MAIL_KIND_INFO[kind];
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
                    {info.label}
                  </label>
                  <span id={`${id}-text`} className="block text-sm text-muted">
                    {info.description}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">{COMPANY_SETTINGS_MESSAGES.transactionalNote}</p>
      <div className="mt-8 flex justify-end border-t border-line pt-6">
        <Button type="submit" pending={save.isPending} disabled={!dirty}>
          Save preferences
        </Button>
      </div>
    </form>
  );
}
