import { paths } from '@talentloop/contract';
import { Eye, Trash2 } from 'lucide-react';
import { type ComponentType, Suspense, lazy, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { pillBarFrameClass, pillClass, pillRowClass, useCurrentPillInView } from '../../ui/pill-bar.ts';
import { SectionBoundary } from '../../ui/section-boundary.tsx';
import { UnsavedChangesPrompt } from '../../ui/unsaved-changes-prompt.tsx';
import { DownloadDataButton } from '../account/download-data.tsx';
import { MyProfileCard } from '../account/my-profile-card.tsx';
import { CompletionCard } from './completion-card.tsx';
import { EDITOR_SECTIONS, type EditorSectionKey, parseSection, sectionSearch } from './editor-menu.ts';
import { SectionSkeleton } from '../../ui/profile-form/editor-section.tsx';

// Each section (its form, fields, endpoints and schema) is a chunk of its own, fetched when it opens,
// so the page's first-load JS is the frame, the profile card and the completion card (issue 19).
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const SECTIONS: Record<EditorSectionKey, { Component: ComponentType; rows: number }> = {
  'about-me': { Component: named(() => import('./sections/about-me-section.tsx'), 'AboutMeSection'), rows: 5 },
  skills: { Component: named(() => import('./sections/skills-section.tsx'), 'SkillsSection'), rows: 2 },
  education: { Component: named(() => import('./sections/education-section.tsx'), 'EducationSection'), rows: 2 },
  portfolio: { Component: named(() => import('../portfolio/portfolio-section.tsx'), 'PortfolioSection'), rows: 2 },
  certification: { Component: named(() => import('./sections/certification-section.tsx'), 'CertificationSection'), rows: 2 },
  'work-experience': { Component: named(() => import('./sections/experience-section.tsx'), 'ExperienceSection'), rows: 2 },
  'work-preferences': { Component: named(() => import('./sections/preferences-section.tsx'), 'PreferencesSection'), rows: 1 },
  privacy: { Component: named(() => import('../account/privacy-section.tsx'), 'PrivacySection'), rows: 2 },
  notifications: { Component: named(() => import('../account/notifications-section.tsx'), 'NotificationsSection'), rows: 3 },
  security: { Component: named(() => import('../account/security-section.tsx'), 'SecuritySection'), rows: 3 },
  payouts: { Component: named(() => import('../account/payout-details-section.tsx'), 'PayoutDetailsSection'), rows: 3 },
};
// The delete dialog loads when it is first opened.
const DeleteAccountDialog = lazy(() => import('../account/delete-account-dialog.tsx').then((m) => ({ default: m.DeleteAccountDialog })));

/**
 * The freelancer profile editor: the chosen section beside the menu and the completion card (on
 * phones: menu and completion first, then the section, then the account actions). Sections switch
 * through the address (`?section=`), so reload and Back keep the place; leaving a section with
 * unsaved changes asks first. spec: profile-company §2 Freelancer profile editor, §4
 */
/** `Reviews`: the freelancer's reviews and replies (issue 22), composed in by the router. */
export function ViewProfilePage({ Reviews }: { Reviews?: ComponentType } = {}) {
  const [params] = useSearchParams();
  const section = parseSection(params.get('section'));
  const label = EDITOR_SECTIONS.find((s) => s.key === section)?.label ?? '';

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <UnsavedChangesPrompt />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your profile</h1>
          <p className="mt-1 text-muted">What companies see when they consider you. Each section saves on its own.</p>
        </div>
        <Link to={paths.freelancer.publicView} className={buttonClass('secondary', 'shrink-0 self-start sm:self-auto')}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          Preview public profile
        </Link>
      </header>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] lg:items-start xl:grid-cols-[minmax(0,1fr)_20rem]">
        {/* The menu above the completion card: the card grows when its skeleton gives way (and again
            when the sections still to complete arrive), and a menu under it moved under the pointer. */}
        <aside aria-label="Profile menu" className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1">
          <EditorNav current={section} />
          <SectionBoundary name="profile completion">
            <CompletionCard />
          </SectionBoundary>
        </aside>

        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <SectionBoundary name="your profile card">
            <MyProfileCard />
          </SectionBoundary>
          <SectionBoundary key={section} name={label}>
            <SectionContent section={section} />
          </SectionBoundary>
          {Reviews && (
            <SectionBoundary name="your reviews">
              <Reviews />
            </SectionBoundary>
          )}
        </div>

        <AccountActions />
      </div>
    </main>
  );
}

function SectionContent({ section }: { section: EditorSectionKey }) {
  const { Component, rows } = SECTIONS[section];
  return (
    <Suspense fallback={<SectionPlaceholder rows={rows} />}>
      <Component />
    </Suspense>
  );
}

/** While a section's chunk loads: its card with a heading bar and the skeleton its load shows (same size). */
function SectionPlaceholder({ rows }: { rows: number }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-5 animate-pulse space-y-2 border-b border-line pb-4" aria-hidden="true">
        <div className="h-7 w-40 rounded bg-line" />
        <div className="h-5 w-72 max-w-full rounded bg-surface" />
      </div>
      <SectionSkeleton rows={rows} />
    </div>
  );
}

/** The section menu: links (so each section has an address), the open one marked as current. */
function EditorNav({ current }: { current: EditorSectionKey }) {
  const row = useRef<HTMLUListElement>(null);
  useCurrentPillInView(row, current);
  return (
    <nav aria-label="Profile sections" className={pillBarFrameClass}>
      <ul ref={row} className={pillRowClass('lg')}>
        {EDITOR_SECTIONS.map((s) => {
          const active = s.key === current;
          return (
            <li key={s.key} className="shrink-0 snap-start">
              <Link to={{ search: sectionSearch(s.key) }} aria-current={active ? 'page' : undefined} className={pillClass(active)}>
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Download my data and Delete Account: under the menu on wide screens, at the end on phones. */
function AccountActions() {
  const [deleting, setDeleting] = useState(false);
  const [opened, setOpened] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  return (
    <section
      aria-labelledby="account-actions-heading"
      className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm lg:col-start-2 lg:row-start-2"
    >
      <h2 id="account-actions-heading" className="text-sm font-semibold text-muted">
        Your account
      </h2>
      <div className="mt-3 flex flex-col gap-2">
        <DownloadDataButton />
        <button
          ref={deleteButton}
          type="button"
          onClick={() => {
            setOpened(true);
            setDeleting(true);
          }}
          className={buttonClass('ghost', 'justify-start px-3.5 text-danger hover:bg-danger-soft')}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete Account
        </button>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            open={deleting}
            onOpenChange={(open) => {
              setDeleting(open);
              if (!open) deleteButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
