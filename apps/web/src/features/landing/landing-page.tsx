import './landing.css';
import { paths } from '@talentloop/contract';
import { ArrowRight, BadgeCheck, ListChecks, ShieldCheck, Sparkles } from 'lucide-react';
import { Suspense, lazy, memo, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { sessionStore } from '../../lib/session-store.ts';
import { usePublicConfig } from '../../lib/use-config.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { HeroStrip } from './hero-strip.tsx';
import { useLowerSections } from './use-lower-sections.ts';
import { LandingHeader } from './landing-header.tsx';
import { usePoolSize } from './api/get-pool-size.ts';

// The first screen ships with the page; the lower sections (see useLowerSections) and the partner
// modal load on their own, so the landing page's first-load JS stays small. spec: auth-onboarding §2 Landing
const loadPartnerModal = () => import('./partner-modal.tsx');
const PartnerModal = lazy(() => loadPartnerModal().then((m) => ({ default: m.PartnerModal })));

export function LandingPage() {
  const [hireOpen, setHireOpen] = useState(false);
  const [hireLoaded, setHireLoaded] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  const { below, wanted, show: showSection } = useLowerSections(placeholder);
  // The button that opened the partner modal gets focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);

  // Stable handlers, so the memoised sections do not render again when this component does.
  const openHire = useCallback((event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setHireLoaded(true);
    setHireOpen(true);
  }, []);
  const prefetchHire = useCallback(() => void loadPartnerModal(), []);

  return (
    <div className="tl-landing min-h-dvh bg-white">
      <LandingHeader onMissingSection={showSection} />
      <main id="main-content">
        <Hero onHire={openHire} onHireIntent={prefetchHire} />
        {below ? (
          <below.BelowFold onHire={openHire} onHireIntent={prefetchHire} wanted={wanted} />
        ) : (
          <div ref={placeholder} className="min-h-dvh" />
        )}
      </main>
      {below && <below.LandingFooter />}
      {hireLoaded && (
        <Suspense fallback={null}>
          <PartnerModal open={hireOpen} onOpenChange={setHireOpen} returnFocus={() => opener.current?.focus()} />
        </Suspense>
      )}
    </div>
  );
}

// Claims the product keeps today (issue 32): escrow, contracts and billing come back with the
// engagements and payments issues that make them true.
/** Sign-up opens on 'Hire Talent' (a company account). */
const hireTalent = () => sessionStore.setRole('client');

const TRUST = [
  { Icon: ShieldCheck, text: 'Only verified companies shortlist' },
  { Icon: BadgeCheck, text: 'No bidding' },
  { Icon: ListChecks, text: 'Every step on your dashboard' },
];

/** The pool's real size once known (rounded down by the server, none below its threshold); never a made-up figure. */
function PoolClaim() {
  const count = usePoolSize();
  return <>{count ? `${count.toLocaleString('en-US')}+ vetted talents, reviewed by our team` : 'Vetted talent, reviewed by our team'}</>;
}

const Hero = memo(function Hero({
  onHire,
  onHireIntent,
}: {
  onHire: (event: React.MouseEvent<HTMLElement>) => void;
  onHireIntent: () => void;
}) {
  // With company accounts on, 'Hire Talents' opens the sign-up as a company (the partner request
  // stays as 'Talk to us'); off (the spec's default), it is the partner request itself.
  const companySignUp = usePublicConfig().data?.clientAccounts !== false;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden pb-16 sm:pb-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-0 bg-[radial-gradient(ellipse_at_top,var(--color-brand-50),transparent_65%)]"
      />
      <div className="relative mx-auto max-w-3xl px-4 pt-14 text-center sm:px-6 sm:pt-20">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm">
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          <PoolClaim />
        </p>
        <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance text-ink sm:text-6xl">
          Remote work for <span className="text-brand-700">vetted talent</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted">
          Our team vets every profile, and a company must be verified before it can shortlist you. No bidding: your rate is on your profile,
          and companies come to you with their roles.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link to={paths.login} className={buttonClass('primary', 'h-12 px-6 text-base')}>
            Start Earning
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
          {companySignUp ? (
            <Link to={paths.signup} onClick={hireTalent} className={buttonClass('secondary', 'h-12 px-6 text-base')}>
              Hire Talents
            </Link>
          ) : (
            <Button
              variant="secondary"
              className="h-12 px-6 text-base"
              onClick={onHire}
              onPointerEnter={onHireIntent}
              onFocus={onHireIntent}
              aria-haspopup="dialog"
            >
              Hire Talents
            </Button>
          )}
        </div>
        {companySignUp && (
          <p className="mt-3 text-sm text-muted">
            Prefer to talk first?{' '}
            <button
              type="button"
              onClick={onHire}
              onPointerEnter={onHireIntent}
              onFocus={onHireIntent}
              aria-haspopup="dialog"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Talk to us
            </button>
          </p>
        )}
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted">
          {TRUST.map(({ Icon, text }) => (
            <li key={text} className="inline-flex items-center gap-1.5">
              <Icon className="h-4 w-4 text-success" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="relative mt-12 sm:mt-16">
        <HeroStrip />
      </div>
    </section>
  );
});
