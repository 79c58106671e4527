import type { ResponseOf } from '@talentloop/contract';
import {
  COMPANY_MAIL_KINDS,
  COMPANY_MAIL_KIND_INFO,
  COMPANY_SETTINGS_MESSAGES,
  type getCompanyNotifications,
} from '@talentloop/contract/api/company-settings';
import { MailChoicesForm } from '../../../ui/mail-choices-form.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { notify } from '../../../ui/toast.ts';
import { FormSkeleton } from '../basics-form.tsx';
import { notifySaveFailed } from '../section-save.ts';
import { useCompanyNotifications } from '../api/get-notifications.ts';
import { useSaveNotifications } from '../api/save-notifications.ts';

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
  const save = useSaveNotifications();
  return (
    <MailChoicesForm
      kinds={COMPANY_MAIL_KINDS}
      info={COMPANY_MAIL_KIND_INFO}
      loaded={loaded.mail}
      note={COMPANY_SETTINGS_MESSAGES.transactionalNote}
      pending={save.isPending}
      onSave={(mail) =>
        save.mutate(
          { mail, version: loaded.version },
          {
            onSuccess: (res) => notify.success(res.responseMessage),
            onError: (err) => notifySaveFailed(err, onStale),
          },
        )
      }
    />
  );
}
