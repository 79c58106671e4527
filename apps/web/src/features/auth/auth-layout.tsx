import { BRAND } from '@talentloop/contract';
import { BadgeCheck, ListChecks, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Role } from '../../lib/session-store.ts';
import { Logo } from '../../ui/logo.tsx';

// What the product does today, for the one the page speaks to (issue 32): no escrow, contract or
// billing claim until the engagements and payments work makes it true.
const POINTS = {
  freelancer: [
    {
      Icon: ListChecks,
      title: 'Every step in view',
      text: 'Vetting, shortlists, interviews and selection show on your dashboard, and we mail you when they change.',
    },
    {
      Icon: ShieldCheck,
      title: 'Verified companies',
      text: 'A company is verified by registration number, documents or a call with our team before it can shortlist you.',
    },
    { Icon: BadgeCheck, title: 'No bidding', text: 'Your rate is on your profile. Companies find you; no proposals to write.' },
  ],
  client: [
    { Icon: BadgeCheck, title: 'Vetted profiles only', text: 'Our team reviews every freelancer before your search can find them.' },
    {
      Icon: ListChecks,
      title: 'Shortlists per role',
      text: 'Keep candidates in a list per role and move them from shortlist to interview to selected.',
    },
    {
      Icon: ShieldCheck,
      title: 'Verification your way',
      text: 'Verify your company by registration number, documents or a call with our team; then shortlist.',
    },
  ],
} as const;

const HEADLINES = {
  freelancer: 'Vetted remote work, without the bidding wars.',
  client: 'Hire vetted remote talent, without the bidding wars.',
} as const;

/** Split screen: the pitch on the left (desktop), the form card on the right. */
/** `audience`: whom the pitch speaks to (the chosen account type). */
export function AuthLayout({ children, audience = 'freelancer' }: { children: ReactNode; audience?: Role }) {
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-800 p-10 text-white md:flex md:flex-col md:justify-between">
        <div aria-hidden="true" className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-600/60 blur-2xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-brand-900/80 blur-2xl" />
        <Logo tone="light" className="relative" />
        <div className="relative space-y-8">
          <h2 className="max-w-sm text-3xl font-bold leading-tight">{HEADLINES[audience]}</h2>
          <ul className="space-y-5">
            {POINTS[audience].map(({ Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/10">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="text-sm text-brand-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-200">
          © {new Date().getFullYear()} {BRAND.name}
        </p>
      </aside>
      <main className="flex min-h-dvh flex-col px-4 py-6 sm:px-8 md:min-h-0 md:justify-center">
        <div className="mb-8 md:hidden">
          <Logo />
        </div>
        <div className="mx-auto w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {subtitle && <p className="mt-1.5 text-sm text-muted">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
