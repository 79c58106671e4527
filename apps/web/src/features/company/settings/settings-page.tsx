import { Trash2 } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { SectionBoundary } from '../../../ui/section-boundary.tsx';
import { UnsavedChangesPrompt } from '../../../ui/unsaved-changes-prompt.tsx';
import { BasicsTab } from '../basics-form.tsx';
import { AccountSection } from './account-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { AccountSecurity } from '../../account/security-section.tsx';
import { SETTINGS_SECTIONS, type SettingsSectionKey, parseSettingsSection, settingsSearch } from './settings-menu.ts';

/** The account feature's delete dialog, handed in by the router (features do not import each other). */
export type DeleteDialogComponent = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

/**
 * Company view profile: the chosen entry beside a right-hand menu (on phones the menu comes first,
 * two entries a row). The entry is in the address (`?section=`), so reload and Back keep it. Basic
 * Information and Account & Verification edit the same saved data as profile setup.
 * spec: profile-company §2 Company view profile
 */
export function CompanySettingsPage({ DeleteAccountDialog }: { DeleteAccountDialog: DeleteDialogComponent }) {
  const [params] = useSearchParams();
  const section = parseSettingsSection(params.get('section'));
  const entry = SETTINGS_SECTIONS.find((s) => s.key === section) ?? SETTINGS_SECTIONS[0];

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <UnsavedChangesPrompt />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">Company profile</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Company settings</h1>
        <p className="mt-2 text-muted">Your company’s details, mail, security and account, each saved on its own.</p>
      </header>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_20rem]">
        <SettingsNav current={section} />
        <section
          aria-labelledby="settings-section-heading"
          className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-8 lg:col-start-1 lg:row-start-1"
        >
          <div className="mb-6 border-b border-line pb-5">
            <h2 id="settings-section-heading" className="text-xl font-bold tracking-tight">
              {entry.label}
            </h2>
            <p className="mt-1 text-sm text-muted">{entry.text}</p>
          </div>
          <SectionBoundary key={section} name={entry.label}>
            <SectionContent section={section} DeleteAccountDialog={DeleteAccountDialog} />
          </SectionBoundary>
        </section>
      </div>
    </main>
  );
}

function SectionContent({ section, DeleteAccountDialog }: { section: SettingsSectionKey; DeleteAccountDialog: DeleteDialogComponent }) {
  switch (section) {
    case 'basic':
      return <BasicsTab onSaved={() => {}} submitLabel="Save changes" />;
    case 'account':
      return <AccountSection />;
    case 'notifications':
      return <NotificationsSection />;
    case 'security':
      return <AccountSecurity />;
    case 'delete':
      return <DeleteSection DeleteAccountDialog={DeleteAccountDialog} />;
  }
}

/** The menu: links (each entry has an address), the open one marked as current. */
function SettingsNav({ current }: { current: SettingsSectionKey }) {
  return (
    <nav
      aria-label="Company settings"
      className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white p-2 shadow-sm lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
    >
      <ul className="grid grid-cols-2 gap-1 lg:grid-cols-1">
        {SETTINGS_SECTIONS.map((s) => {
          const active = s.key === current;
          return (
            <li
              key={s.key}
              className={s.key === 'delete' ? 'col-span-2 lg:col-span-1 lg:mt-1 lg:border-t lg:border-line lg:pt-1' : undefined}
            >
              <Link
                to={{ search: settingsSearch(s.key) }}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center rounded-xl px-3 py-2 text-sm font-medium leading-snug transition-colors',
                  s.key === 'delete'
                    ? active
                      ? 'bg-danger-soft text-danger'
                      : 'text-danger hover:bg-danger-soft'
                    : active
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-ink hover:bg-surface',
                )}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function DeleteSection({ DeleteAccountDialog }: { DeleteAccountDialog: DeleteDialogComponent }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted">
        Deleting your account removes your company profile, contact details, logo, verification records, bookings, notification preferences
        and every session, for good. You will need your password to confirm.
      </p>
      <Button ref={opener} variant="danger" onClick={() => setOpen(true)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete Account
      </Button>
      <DeleteAccountDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) opener.current?.focus();
        }}
      />
    </div>
  );
}
