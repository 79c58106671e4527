import { BRAND, paths } from '@talentloop/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';

/** Any path outside the route table. spec: auth-onboarding §2 ('Not found'); docs/decisions.md 11 (with a link home) */
export function NotFoundPage() {
  useEffect(() => {
    const before = document.title;
    document.title = `Not found · ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main id="main-content" className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center">
        <img src="/illustrations/not-found.svg" alt="" width={320} height={220} className="h-auto w-full max-w-[280px]" />
        <h1 className="mt-8 text-3xl font-bold tracking-tight">Not found</h1>
        <p className="mt-3 max-w-sm text-muted">The page you are looking for does not exist or has moved.</p>
        <Link to={paths.home} className={buttonClass('primary', 'mt-8')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Go to the home page
        </Link>
      </main>
    </div>
  );
}
