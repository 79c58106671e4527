import { BRAND, paths } from '@talentloop/contract';
import { ArrowLeft, ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../ui/cn.ts';
import { Logo } from '../../ui/logo.tsx';
import type { LegalDocument } from './legal-document.ts';
import { PRIVACY } from './privacy-content.tsx';
import { TERMS } from './terms-content.tsx';

// spec: auth-onboarding §2 (/terms-condition, /privacy-policy), §9 Desktop breakpoint: the layout
// gets its side table of contents at 768 px, at 900 px on the privacy page. Tailwind needs whole
// class names, so each page's layout classes are spelled out.
const LAYOUT = {
  terms: {
    grid: 'md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-12',
    toc: 'md:sticky md:top-24 md:max-h-[calc(100dvh-7rem)] md:self-start md:overflow-y-auto md:border-0 md:bg-transparent md:p-0',
    desktopOnly: 'hidden md:block',
    mobileOnly: 'md:hidden',
    listShown: 'md:block',
  },
  privacy: {
    grid: 'min-[900px]:grid min-[900px]:grid-cols-[15rem_minmax(0,1fr)] min-[900px]:gap-12',
    toc: 'min-[900px]:sticky min-[900px]:top-24 min-[900px]:max-h-[calc(100dvh-7rem)] min-[900px]:self-start min-[900px]:overflow-y-auto min-[900px]:border-0 min-[900px]:bg-transparent min-[900px]:p-0',
    desktopOnly: 'hidden min-[900px]:block',
    mobileOnly: 'min-[900px]:hidden',
    listShown: 'min-[900px]:block',
  },
} as const;

export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const doc: LegalDocument = kind === 'terms' ? TERMS : PRIVACY;
  const layout = LAYOUT[kind];
  // On narrow screens the table of contents folds away above the text; beside it, it is always open.
  const [tocOpen, setTocOpen] = useState(false);

  useEffect(() => {
    const before = document.title;
    document.title = `${doc.title} · ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, [doc.title]);

  return (
    <div className="min-h-dvh bg-white">
      <header className="sticky top-0 z-30 border-b border-line bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </header>

      <main id="main-content" className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
        <header className="border-b border-line pb-8">
          <p className="text-sm font-semibold text-brand-700">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
          <p className="mt-3 text-sm text-muted">Last updated: {doc.updated}</p>
          <p className="mt-5 max-w-prose text-lg text-muted">{doc.summary}</p>
        </header>
        <div className={cn('mt-8 sm:mt-10', layout.grid)}>
          <nav aria-label="On this page" className={cn('mb-8 rounded-[var(--radius-card)] border border-line bg-surface p-2', layout.toc)}>
            <h2 className={cn('px-2 pb-2 text-sm font-semibold text-ink', layout.desktopOnly)}>On this page</h2>
            <button
              type="button"
              onClick={() => setTocOpen((v) => !v)}
              aria-expanded={tocOpen}
              aria-controls="legal-toc"
              className={cn(
                'flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-sm font-semibold text-ink',
                layout.mobileOnly,
              )}
            >
              On this page
              <ChevronDown className={cn('h-4 w-4 text-muted transition-transform', tocOpen && 'rotate-180')} aria-hidden="true" />
            </button>
            <ol id="legal-toc" className={cn('space-y-0.5 pb-1 text-sm', tocOpen ? 'block' : 'hidden', layout.listShown)}>
              {doc.sections.map((s, i) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    onClick={() => setTocOpen(false)}
                    className="flex min-h-9 items-center gap-2 rounded-lg px-2 text-muted hover:bg-white hover:text-ink md:hover:bg-surface"
                  >
                    <span className="w-5 shrink-0 text-right tabular-nums text-muted">{i + 1}.</span>
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article aria-label={doc.title} className="min-w-0">
            {doc.sections.map((s, i) => (
              <section
                key={s.id}
                id={s.id}
                aria-labelledby={`${s.id}-title`}
                className="scroll-mt-24 border-b border-line py-8 first:pt-0 last:border-0"
              >
                <h2 id={`${s.id}-title`} className="text-xl font-semibold tracking-tight">
                  <span className="mr-2 text-brand-700 tabular-nums">{i + 1}.</span>
                  {s.title}
                </h2>
                <div className="mt-4 max-w-prose space-y-4 leading-7 text-ink/90 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                  {s.body}
                </div>
              </section>
            ))}
            <p className="mt-10 text-sm text-muted">
              See also:{' '}
              {kind === 'terms' ? (
                <Link to={paths.privacy} className="font-medium text-brand-700 underline underline-offset-4">
                  Privacy Policy
                </Link>
              ) : (
                <Link to={paths.terms} className="font-medium text-brand-700 underline underline-offset-4">
                  Terms and Conditions
                </Link>
              )}
            </p>
          </article>
        </div>
      </main>
    </div>
  );
}
