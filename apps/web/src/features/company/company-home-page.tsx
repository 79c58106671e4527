import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Alert } from '../../ui/alert.tsx';
import { SectionBoundary } from '../../ui/section-boundary.tsx';
import { useDismissWelcome } from './api/dismiss-welcome.ts';
import { useCompanyHome } from './api/get-company-home.ts';
import { COMPANY_PROFILE_SETUP } from './company-guards.tsx';
import { CompletionPanel } from './completion-panel.tsx';
import { HomeTalentSearch, TalentPanels } from './talent-panels.tsx';

// The company home. The one-time welcome is remembered for the account on the server (not a
// browser flag); the talent panels show real figures or say honestly that there is nothing yet.
// spec: profile-company §2 Company home; issue 11; issue 20 (search box and panels)

export const WELCOME_TITLE = 'Complete Your Profile to Get Started!';

export function CompanyHomePage() {
  const home = useCompanyHome();
  const dismiss = useDismissWelcome();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Closed at once on either button; the server remembers it for the account.
  const [closed, setClosed] = useState(false);
  const data = home.data;
  const verified = data?.verificationStatus === 'verified';
  const pending = data?.verificationStatus === 'pending';

  function close(next?: string) {
    setClosed(true);
    dismiss.mutate(undefined, { onSettled: () => (next ? navigate(next) : undefined) });
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8">
      <header>
        <p className="text-sm font-semibold text-brand-700">Company home</p>
        <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {data ? `Welcome, ${data.companyName || 'your company'}` : 'Welcome'}
        </h1>
        <p className="mt-1 text-muted">
          {verified
            ? 'Search vetted talent, shortlist them for your roles and follow every candidate.'
            : 'Complete your profile and verify your company to start hiring vetted talent.'}
        </p>
      </header>

      {home.isError ? (
        <div className="mt-6">
          <div className="space-y-3">
            <Alert>Failed to get your company home. Please try again.</Alert>
            <Button variant="secondary" onClick={() => home.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            <SectionBoundary name="talent search">
              <HomeTalentSearch />
            </SectionBoundary>

            <SectionBoundary name="talent panels">
              <TalentPanels />
            </SectionBoundary>
          </div>

          <aside aria-label="Your company" className="min-w-0 space-y-4">
            <SectionBoundary name="profile completion">
              <CompletionPanel completion={data?.completion} />
            </SectionBoundary>
            <section
              aria-labelledby="verification-title"
              className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm"
            >
              <h2 id="verification-title" className="flex items-center gap-2 text-base font-semibold">
                {verified ? (
                  <BadgeCheck className="h-5 w-5 text-success" aria-hidden="true" />
                ) : (
                  <ShieldAlert className="h-5 w-5 text-warning" aria-hidden="true" />
                )}
                {verified ? 'Company verified' : pending ? 'Documents under review' : 'Not verified yet'}
              </h2>
              <p className="mt-1 text-sm text-muted">
                {verified
                  ? 'You can shortlist talent.'
                  : pending
                    ? 'Our team reviews your documents within 24 hours. We will email you the outcome.'
                    : 'Verify your company to shortlist and hire talent.'}
              </p>
              <Link to={COMPANY_PROFILE_SETUP} className={buttonClass('secondary', 'mt-4 w-full')}>
                Go to profile setup
              </Link>
            </section>
          </aside>
        </div>
      )}

      <Dialog
        open={!!data?.showWelcome && !closed}
        onOpenChange={(open) => (open ? undefined : close())}
        title={WELCOME_TITLE}
        description="A complete, verified profile helps vetted freelancers trust your company. It takes a few minutes."
        returnFocus={headingRef}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close()} disabled={dismiss.isPending}>
            Skip for Now
          </Button>
          <Button onClick={() => close(COMPANY_PROFILE_SETUP)} pending={dismiss.isPending}>
            Complete Profile Setup
          </Button>
        </div>
      </Dialog>
    </main>
  );
}
