import { BRAND } from '@talentloop/contract';
import { BadgeCheck, Banknote, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo.tsx';

const POINTS = [
  { Icon: Banknote, title: 'Steady paychecks', text: 'Long-term contracts, paid on time through escrow.' },
  { Icon: ShieldCheck, title: 'Only legitimate clients', text: 'Every company passes identity and billing checks.' },
  { Icon: BadgeCheck, title: 'No bidding', text: 'The price is shown up front. Companies find you; no proposals to write.' },
];

/** Split screen: the pitch on the left (desktop), the form card on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-800 p-10 text-white md:flex md:flex-col md:justify-between">
        <div aria-hidden="true" className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-600/60 blur-2xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-brand-900/80 blur-2xl" />
        <Logo tone="light" className="relative" />
        <div className="relative space-y-8">
          <h2 className="max-w-sm text-3xl font-bold leading-tight">Vetted remote work, without the bidding wars.</h2>
          <ul className="space-y-5">
            {POINTS.map(({ Icon, title, text }) => (
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
