import { LEGAL } from '@talentloop/contract';
import { Logo } from '../../ui/logo.tsx';

/** Legal pages (full documents: issue 4). */
export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex h-16 max-w-4xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold">{kind === 'terms' ? 'Terms and Conditions' : 'Privacy Policy'}</h1>
        <p className="mt-4 text-muted">
          You must be at least {LEGAL.minimumAge} years old to use the service. Governing law: {LEGAL.governingLaw}.
        </p>
      </main>
    </div>
  );
}
