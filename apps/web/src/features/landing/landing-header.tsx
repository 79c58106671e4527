import { paths } from '@talentloop/contract';
import { Menu, X } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Logo } from '../../ui/logo.tsx';
import { scrollToSection } from './scroll-to-section.ts';

export const SECTIONS = [
  { id: 'how-it-works', label: 'How it works' },
  { id: 'features', label: 'Features' },
] as const;

/** Top navigation: anchors to the sections, Sign up and Log In. On phones the anchors fold into a menu. */
export const LandingHeader = memo(function LandingHeader({ onMissingSection }: { onMissingSection: (id: string) => void }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  function go(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    // Close the phone menu first, so the page does not move under the scroll.
    flushSync(() => setOpen(false));
    history.replaceState(history.state, '', `#${id}`);
    // Before the lower sections are there, ask for them: they scroll to it once mounted.
    if (!scrollToSection(id)) onMissingSection(id);
  }

  const anchor = 'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink';
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-white/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <ul className="hidden items-center gap-1 md:flex">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={(e) => go(e, s.id)} className={anchor}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
          <span aria-hidden="true" className="mx-2 hidden h-6 w-px bg-line md:block" />
          <span className="hidden sm:contents">
            <Link to={paths.signup} className={buttonClass('ghost', 'whitespace-nowrap')}>
              Sign up
            </Link>
          </span>
          <Link to={paths.login} className={buttonClass('primary', 'px-4 whitespace-nowrap')}>
            Log In
          </Link>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-xl text-ink hover:bg-surface md:hidden"
            aria-expanded={open}
            aria-controls="landing-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </nav>
      </div>
      <nav id="landing-menu" aria-label="Sections" hidden={!open} className="border-t border-line bg-white md:hidden">
        <ul className="mx-auto max-w-6xl space-y-1 px-4 py-3">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} onClick={(e) => go(e, s.id)} className={cn(anchor, 'w-full text-base')}>
                {s.label}
              </a>
            </li>
          ))}
          <li className="sm:hidden">
            <Link to={paths.signup} className={cn(anchor, 'w-full text-base text-brand-700')}>
              Sign up
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
});
