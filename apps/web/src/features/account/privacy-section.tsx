import {
  ACCOUNT_MESSAGES,
  PROFILE_VISIBILITIES,
  type PrivacySettings,
  type ProfileVisibility,
  VISIBILITY_LABELS,
} from '@talentloop/contract/api/account';
import { RadioGroup, Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { loadKey } from '../../lib/load-key.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { cn } from '../../ui/cn.ts';
import { notify } from '../../ui/toast.ts';
import { EditorSection, SaveBar } from '../../ui/profile-form/editor-section.tsx';
import { SectionBody } from '../profile-editor/sections/section-body.tsx';
import { usePrivacy } from './api/get-privacy.ts';
import { useSavePrivacy } from './api/save-privacy.ts';

/**
 * Privacy settings: 'Open to work' and who may see the profile (public link, signed-in companies
 * only, hidden), both saved; company search honours them. spec: profile-company §2 (a Privacy
 * Settings section with 'Open to work'), issue 10 (beyond the spec: a real, saved setting)
 */
export function PrivacySection() {
  const query = usePrivacy();
  return (
    <EditorSection
      id="privacy"
      title="Privacy Settings"
      description="Choose whether companies see you as available, and who can open your profile."
    >
      <SectionBody query={query} loadFailed="Failed to load your privacy settings. Please try again." rows={2}>
        {(data) => <PrivacyForm key={loadKey(data)} saved={data} />}
      </SectionBody>
    </EditorSection>
  );
}

function PrivacyForm({ saved }: { saved: PrivacySettings }) {
  const uid = useId();
  const [openToWork, setOpenToWork] = useState(saved.openToWork);
  const [visibility, setVisibility] = useState<ProfileVisibility>(saved.visibility);
  const save = useSavePrivacy();
  const dirty = openToWork !== saved.openToWork || visibility !== saved.visibility;
  useUnsavedChanges(dirty && !save.isPending);

  const submit = () =>
    save.mutate(
      { openToWork, visibility },
      {
        onSuccess: () => notify.success(ACCOUNT_MESSAGES.privacySaved),
        onError: (err) => {
          const shown = errorMessage(err, {
            fallback: { title: 'Update failed', message: 'Failed to save privacy settings.' },
            codes: ['TL_CORE_10100_E'],
          });
          notify.error(shown.title, shown.message);
        },
      },
    );

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) submit();
      }}
    >
      <fieldset disabled={save.isPending} className="space-y-6">
        <div className="flex items-start justify-between gap-4 rounded-xl border border-line p-4">
          <div className="min-w-0">
            <label htmlFor={`${uid}-open`} className="block font-semibold text-ink">
              Open to work
            </label>
            <p id={`${uid}-open-hint`} className="mt-0.5 text-sm text-muted">
              Companies see that you are available for new projects.
            </p>
          </div>
          <Switch.Root
            id={`${uid}-open`}
            checked={openToWork}
            onCheckedChange={setOpenToWork}
            aria-describedby={`${uid}-open-hint`}
            className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-muted/40 transition-colors data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
        </div>

        <div className="space-y-3">
          <p id={`${uid}-visibility`} className="font-semibold text-ink">
            Who can see your profile
          </p>
          <RadioGroup.Root
            aria-labelledby={`${uid}-visibility`}
            value={visibility}
            onValueChange={(v) => setVisibility(v as ProfileVisibility)}
            className="space-y-2"
          >
            {PROFILE_VISIBILITIES.map((v) => (
              <label
                key={v}
                htmlFor={`${uid}-${v}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                  visibility === v ? 'border-brand-600 bg-brand-50/60' : 'border-line hover:bg-surface',
                )}
              >
                <RadioGroup.Item
                  id={`${uid}-${v}`}
                  value={v}
                  aria-describedby={`${uid}-${v}-hint`}
                  className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-muted data-[state=checked]:border-brand-700"
                >
                  <RadioGroup.Indicator className="h-2.5 w-2.5 rounded-full bg-brand-700" />
                </RadioGroup.Item>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-ink">{VISIBILITY_LABELS[v].label}</span>
                  <span id={`${uid}-${v}-hint`} className="mt-0.5 block text-sm text-muted">
                    {VISIBILITY_LABELS[v].hint}
                  </span>
                </span>
              </label>
            ))}
          </RadioGroup.Root>
        </div>
      </fieldset>

      <SaveBar dirty={dirty} saving={save.isPending} />
    </form>
  );
}
