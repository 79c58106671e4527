import { BRAND, paths } from '@talentloop/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';

/** Landing page (full version: issue 4). */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-2">
          <Link to={paths.signup} className={buttonClass('ghost')}>
            Sign up
          </Link>
          <Link to={paths.login} className={buttonClass('primary')}>
            Log In
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Steady remote work for vetted talent</h1>
        <p className="mt-4 text-lg text-muted">{BRAND.tagline}</p>
        <Link to={paths.login} className={buttonClass('primary', 'mt-8')}>
          Start Earning
        </Link>
      </main>
    </div>
  );
}
