import { BRAND, paths } from '@talentloop/contract';
import { ArrowRight, BadgeCheck, ListChecks, Search, ShieldCheck, Sparkles, Trophy, UserRoundPen } from 'lucide-react';
import { type ReactNode, memo, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { ProductTour } from './product-tour.tsx';
import { whenIdle } from '../../lib/idle.ts';
import { scrollToSection } from './scroll-to-section.ts';
import { InstagramGlyph, LinkedInGlyph, XGlyph, YouTubeGlyph } from './social-icons.tsx';

// The landing page below the first screen, loaded just after it. spec: auth-onboarding §1 (pitch), §2 Landing

type HireProps = { onHire: (event: React.MouseEvent<HTMLElement>) => void; onHireIntent: () => void };

/**
 * The lower sections mount one per idle moment, so no single commit (and its style and layout) is
 * long enough to hold up the page.
 * A section asked for by an anchor, or by the address (/#features), mounts everything at once.
 */
export const BelowFold = memo(function BelowFold({ onHire, onHireIntent, wanted }: HireProps & { wanted: string | null }) {
  // The same elements on every render, so mounting the next section leaves the others alone.
  const sections: ReactNode[] = useMemo(
    () => [
      <Partners key="partners" />,
      <Features key="features" />,
      <HowItWorks key="how" />,
      <TourSection key="tour" />,
      <CallToAction key="cta" onHire={onHire} onHireIntent={onHireIntent} />,
    ],
    [onHire, onHireIntent],
  );
  const target = wanted ?? (decodeURIComponent(window.location.hash.slice(1)) || null);
  const [count, setCount] = useState(target ? sections.length : 1);
  const all = target !== null || count >= sections.length;

  useEffect(() => {
    if (all) return;
    return whenIdle(() => setCount(count + 1), 500);
  }, [all, count]);

  useEffect(() => {
    if (target) scrollToSection(target);
  }, [target]);

  return <>{all ? sections : sections.slice(0, count)}</>;
});

// Fictional companies drawn for this page; an operator swaps in real partners.
const PARTNERS = [
  { slug: 'northwind', name: 'Northwind' },
  { slug: 'lumen-labs', name: 'Lumen Labs' },
  { slug: 'cobalt', name: 'Cobalt' },
  { slug: 'fieldstone', name: 'Fieldstone' },
  { slug: 'orbitly', name: 'Orbitly' },
  { slug: 'kite-and-co', name: 'Kite & Co' },
];

function Partners() {
  return (
    <section aria-labelledby="partners-title" className="border-y border-line bg-surface/60 py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="partners-title" className="text-center text-sm font-semibold tracking-wide text-muted uppercase">
          Partners hiring through {BRAND.name}
        </h2>
        <ul className="mt-8 grid grid-cols-2 items-center justify-items-center gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
          {PARTNERS.map((p) => (
            <li key={p.slug}>
              <img
                src={`/landing/partners/${p.slug}.svg`}
                alt={p.name}
                width={168}
                height={48}
                loading="lazy"
                decoding="async"
                className="h-10 w-auto opacity-80 sm:h-12"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Features() {
  const cards = [
    // Claims the product keeps today (issue 32); escrow and contracts return with the payments work.
    {
      Icon: ListChecks,
      title: 'Every step in view',
      text: 'Your dashboard shows where you stand: in review, vetted, shortlisted, invited to an interview, selected. We mail you when it changes.',
    },
    {
      Icon: ShieldCheck,
      title: 'Verified companies',
      text: 'A company is verified by its registration number, its documents or a call with our team before it can shortlist you.',
    },
    {
      Icon: BadgeCheck,
      title: 'No bidding, rate up front',
      text: 'No proposals and no race to the bottom. Your hourly rate is on your profile, and companies see it before they shortlist you.',
    },
    {
      Icon: Sparkles,
      title: 'A vetted talent pool',
      text: 'Our team reviews every profile before companies can find it. Companies search the pool; verified ones shortlist you for their roles.',
    },
  ];
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 outline-none sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Why talent chooses us"
          title="Found by companies, without the bidding"
          text="We check your profile and the companies, and the roles come to you, so you can spend your time on the work."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  const steps = [
    {
      Icon: UserRoundPen,
      title: 'Create your profile',
      text: 'Sign up, verify your email with a 5-digit code, and tell us about your skills, experience and the hours you want.',
    },
    {
      Icon: Search,
      title: 'Get shortlisted',
      text: 'Our team reviews your profile and, once it is vetted, adds it to the talent pool. Verified companies find you and shortlist you for a role.',
    },
    {
      Icon: Trophy,
      title: 'Interview and get selected',
      text: 'You choose a time for each interview a company proposes, and see on your dashboard when a company selects you.',
    },
  ];
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-surface py-20 outline-none sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow="How it works" title="From sign-up to selected in three steps" />
        <ol className="mt-12 grid gap-5 md:grid-cols-3">
          {steps.map(({ Icon, title, text }, i) => (
            <li key={title} className="relative rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function TourSection() {
  return (
    <section aria-labelledby="tour-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading
          id="tour-title"
          eyebrow="Product tour"
          title="See it in action"
          text="The product's real screens, from sign-up to your dashboard in the talent pool."
        />
        <div className="mt-10">
          <ProductTour />
        </div>
      </div>
    </section>
  );
}

function CallToAction({ onHire, onHireIntent }: HireProps) {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-brand-800 px-6 py-14 text-center text-white sm:px-12">
        <div aria-hidden="true" className="absolute -top-24 -right-16 h-64 w-64 rounded-full bg-brand-600/50 blur-2xl" />
        <div aria-hidden="true" className="absolute -bottom-28 -left-10 h-64 w-64 rounded-full bg-brand-900/70 blur-2xl" />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to be found by verified companies?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-brand-100">
          Create your profile in minutes. We will tell you by email when a company shortlists you.
        </p>
        <div className="relative mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link to={paths.login} className={buttonClass('secondary', 'h-12 border-white px-6 text-base text-brand-800')}>
            Get Started
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
          <Button
            variant="ghost"
            className="h-12 px-6 text-base text-white ring-1 ring-white/40 hover:bg-white/10"
            onClick={onHire}
            onPointerEnter={onHireIntent}
            onFocus={onHireIntent}
            aria-haspopup="dialog"
          >
            Hiring? Talk to us
          </Button>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-lg text-muted">{text}</p>}
    </div>
  );
}

// Operators point these at the brand's real profiles.
const SOCIAL = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', Glyph: LinkedInGlyph },
  { name: 'X', href: 'https://x.com/', Glyph: XGlyph },
  { name: 'Instagram', href: 'https://www.instagram.com/', Glyph: InstagramGlyph },
  { name: 'YouTube', href: 'https://www.youtube.com/', Glyph: YouTubeGlyph },
];

export const LandingFooter = memo(function LandingFooter() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-muted">{BRAND.tagline}</p>
        </div>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to={paths.privacy} className="inline-flex min-h-10 items-center text-sm text-muted hover:text-ink">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="inline-flex min-h-10 items-center text-sm text-muted hover:text-ink">
                Terms &amp; Conditions
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">Follow us</h2>
          <ul className="mt-3 flex gap-2">
            {SOCIAL.map(({ name, href, Glyph }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${BRAND.name} on ${name} (opens in a new tab)`}
                  className="flex h-11 w-11 items-center justify-center rounded-xl border border-line text-muted hover:bg-surface hover:text-ink"
                >
                  <Glyph className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted sm:px-6">
          © {new Date().getFullYear()} {BRAND.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
});
