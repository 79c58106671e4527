import { FREELANCER_MAIL_KINDS, FREELANCER_MAIL_KIND_INFO, TALENT_POOL_MESSAGES } from '@talentloop/contract/api/talent-pool';
import { EDITOR_STALE_CODE } from '@talentloop/contract/validation/profile-editor-messages';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { MailChoicesForm } from '../../ui/mail-choices-form.tsx';
import { notify } from '../../ui/toast.ts';
import { EditorSection } from '../../ui/profile-form/editor-section.tsx';
import { SectionBody } from '../profile-editor/sections/section-body.tsx';
import { useFreelancerNotifications } from './api/get-notifications.ts';
import { useSaveFreelancerNotifications } from './api/save-notifications.ts';

const SAVE_FAILED = { title: 'Not saved', message: 'Failed to save your notification preferences. Please try again.' };

/**
 * Notifications: which mails the freelancer receives (review outcome, shortlists and hiring, news),
 * the same form and rules as a company's (issue 20). A stale save reloads the stored choices.
 */
export function NotificationsSection() {
  const query = useFreelancerNotifications();
  const save = useSaveFreelancerNotifications();
  return (
    <EditorSection id="notifications" title="Notifications" description="Choose which emails we send you.">
      <SectionBody query={query} loadFailed="Failed to load your notification preferences. Please try again." rows={3}>
        {(data) => (
          <MailChoicesForm
            key={data.version}
            kinds={FREELANCER_MAIL_KINDS}
            info={FREELANCER_MAIL_KIND_INFO}
            loaded={data.mail}
            note={TALENT_POOL_MESSAGES.transactionalNote}
            pending={save.isPending}
            onSave={(mail) =>
              save.mutate(
                { mail, version: data.version },
                {
                  onSuccess: (res) => notify.success(res.responseMessage),
                  onError: (err) => {
                    const shown = errorMessage(err, { fallback: SAVE_FAILED, codes: 'all' });
                    notify.error(shown.title, shown.message);
                    if (errorCode(err) === EDITOR_STALE_CODE) void query.refetch();
                  },
                },
              )
            }
          />
        )}
      </SectionBody>
    </EditorSection>
  );
}
