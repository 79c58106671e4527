import { WIZARD_TABS, type WizardTab, isTabOpen, stageIndex, stageTab } from '@talentloop/contract';
import { Check, Lock } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionStore, storedStage, useSession } from '../../lib/session-store.ts';
import { confirmLeave } from '../../lib/unsaved-changes.ts';
import { cn } from '../../ui/cn.ts';
import { UnsavedChangesPrompt } from '../../ui/unsaved-changes-prompt.tsx';
import { useOnboardingProfile } from './api/get-onboarding-profile.ts';
import { CompletionCard } from './completion-card.tsx';
import { ProgressProvider } from './progress.tsx';
import { scrollToTop } from './scroll.ts';
import { SectionBoundary } from '../../ui/section-boundary.tsx';
import { SectionSkeleton } from '../../ui/profile-form/editor-section.tsx';
import { TAB_LABELS, parseTab, resolveTab, tabSearch } from './wizard-tabs.ts';

// Each step (its form, fields and schema) is a chunk of its own, fetched when its tab opens, so the
// page's first-load JS is the frame alone (issue 19). The step's own loading skeleton stands in.
const ProfileBasicsStep = lazy(() => import('./basics/profile-basics-step.tsx').then((m) => ({ default: m.ProfileBasicsStep })));
const EducationStep = lazy(() => import('./education/education-step.tsx').then((m) => ({ default: m.EducationStep })));
const WorkPreferenceStep = lazy(() => import('./preference/work-preference-step.tsx').then((m) => ({ default: m.WorkPreferenceStep })));

const STEP_COPY: Record<WizardTab, { title: string; text: string }> = {
  'profile-basics': { title: 'Profile basics', text: 'Tell clients who you are, what you do and how to reach you.' },
  'education-and-experience': { title: 'Education & experience', text: 'Add your degrees and the roles you have held.' },
  'work-preference': { title: 'Work preference', text: 'Let us know how much you want to work and for how long.' },
};

/** The onboarding wizard. spec: auth-onboarding §2 Onboarding wizard, §4, §5 */
export function ProfileSetupWizard() {
  const firstName = useSession((s) => s.user?.firstName ?? '');
  const localStage = useSession(() => storedStage());
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = parseTab(params.get('stage'));

  // The server owns the stage: a stage saved elsewhere (another tab or device) moves this one
  // forward, never back.
  const profile = useOnboardingProfile();
  const serverStage = profile.data?.onBoardingStage;
  const stage = serverStage && stageIndex(serverStage) > stageIndex(localStage) ? serverStage : localStage;
  useEffect(() => {
    if (stage !== localStage) sessionStore.setStage(stage);
  }, [stage, localStage]);

  // On arrival the page goes to the stage's tab, once the server has said which stage that is (the
  // stored one can be behind: a session restored while the page opened, a step saved elsewhere);
  // later the URL drives the tab.
  const [arrived, setArrived] = useState(false);
  const tab = arrived ? resolveTab(requested, stage) : stageTab(stage);

  const goTo = useCallback((next: WizardTab, replace = false) => navigate({ search: tabSearch(next) }, { replace }), [navigate]);

  const stageKnown = !profile.isPending;
  useEffect(() => {
    if (!arrived) {
      if (!stageKnown) return;
      const target = stageTab(stage);
      if (params.get('stage') !== (target === 'profile-basics' ? null : target)) goTo(target, true);
      setArrived(true);
    } else if (!isTabOpen(requested, stage)) goTo(stageTab(stage), true);
  }, [arrived, stageKnown, requested, stage, params, goTo]);

  // A new step starts at the top of the page (its Continue button was at the bottom).
  const shownTab = useRef(tab);
  // Focus moves to the new step's title, so keyboard and screen-reader users continue there instead of
  // on the page's body (the Continue button they pressed is gone).
  useEffect(() => {
    if (shownTab.current !== tab && arrived) {
      scrollToTop();
      // The new step's panel mounts after this effect (Radix mounts tab content on activation), so
      // its title takes focus when it appears.
      const title = document.getElementById(`step-title-${tab}`);
      if (title) title.focus({ preventScroll: true });
      else titleToFocus.current = tab;
    }
    shownTab.current = tab;
  }, [tab, arrived]);

  // A step is done once the stage has moved past it.
  const done = (t: WizardTab) => stageIndex(stage) > WIZARD_TABS.indexOf(t);

  return (
    <ProgressProvider>
      <UnsavedChangesPrompt />
      <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <header className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">Profile setup</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {/* A Google name our rule refused is empty until the first step saves one. */}
            {firstName ? `Welcome, ${firstName}!` : 'Welcome!'} Let's set up your profile
          </h1>
          <p className="mt-2 text-muted">
            Three short steps, then our team reviews your profile for the talent pool. You can change everything later.
          </p>
        </header>

        <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_20rem]">
          <Tabs.Root value={tab} onValueChange={(v) => confirmLeave(() => goTo(v as WizardTab))} className="min-w-0">
            <Tabs.List
              aria-label="Profile setup steps"
              className="grid grid-cols-3 gap-1.5 rounded-2xl border border-line bg-white p-1.5 shadow-sm"
            >
              {WIZARD_TABS.map((t, i) => {
                const open = isTabOpen(t, stage);
                const complete = done(t);
                return (
                  <Tabs.Trigger
                    key={t}
                    value={t}
                    disabled={!open}
                    className={cn(
                      'group flex min-h-12 items-center justify-center gap-2 rounded-xl px-2 py-2 text-center text-xs font-semibold leading-tight transition-colors sm:justify-start sm:px-3 sm:text-left sm:text-sm',
                      'text-muted hover:bg-surface hover:text-ink disabled:cursor-not-allowed disabled:hover:bg-transparent disabled:hover:text-muted',
                      'data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'hidden h-7 w-7 shrink-0 items-center justify-center rounded-full border text-xs font-bold sm:flex',
                        complete
                          ? 'border-success bg-success text-white'
                          : 'border-line bg-white text-muted group-data-[state=active]:border-brand-700 group-data-[state=active]:bg-brand-700 group-data-[state=active]:text-white',
                      )}
                    >
                      {complete ? <Check className="h-4 w-4" /> : open ? i + 1 : <Lock className="h-3.5 w-3.5" />}
                    </span>
                    <span>{TAB_LABELS[t]}</span>
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>

            {WIZARD_TABS.map((t) => (
              <Tabs.Content
                key={t}
                value={t}
                // The panel itself is not a tab stop: its fields are, and its title takes focus on a step change.
                tabIndex={-1}
                className="mt-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm focus-visible:outline-offset-4 sm:mt-6 sm:p-8"
              >
                <div className="mb-6 border-b border-line pb-5 sm:mb-8">
                  <StepTitle tab={t} />
                  <p className="mt-1 text-sm text-muted">{STEP_COPY[t].text}</p>
                </div>
                <SectionBoundary name={TAB_LABELS[t]}>
                  <Suspense fallback={<SectionSkeleton />}>
                    {t === 'profile-basics' && <ProfileBasicsStep onSaved={() => goTo('education-and-experience')} />}
                    {t === 'education-and-experience' && (
                      <EducationStep onBack={() => goTo('profile-basics')} onSaved={() => goTo('work-preference')} />
                    )}
                    {t === 'work-preference' && <WorkPreferenceStep onBack={() => goTo('education-and-experience')} />}
                  </Suspense>
                </SectionBoundary>
              </Tabs.Content>
            ))}
          </Tabs.Root>

          <aside className="order-first lg:sticky lg:top-24 lg:order-none">
            <SectionBoundary name="profile completion">
              <CompletionCard stage={stage} />
            </SectionBoundary>
          </aside>
        </div>
      </main>
    </ProgressProvider>
  );
}

/** Which step's title takes focus when it mounts (set on a step change, used once). */
const titleToFocus: { current: WizardTab | null } = { current: null };

function StepTitle({ tab }: { tab: WizardTab }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (titleToFocus.current !== tab) return;
    titleToFocus.current = null;
    ref.current?.focus({ preventScroll: true });
  }, [tab]);
  return (
    <h2 ref={ref} id={`step-title-${tab}`} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
      {STEP_COPY[tab].title}
    </h2>
  );
}
