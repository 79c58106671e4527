import { type RefObject, useCallback, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.ts';

export type BelowFoldModule = typeof import('./below-fold.tsx');
const loadBelowFold = () => import('./below-fold.tsx');

/** Mount the lower sections anyway after this long: a screen reader reads on without scrolling. */
const FALLBACK_MS = 6_000;
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * The landing page below its first screen: the code is fetched when the browser is idle, and the
 * sections mount when they are about to be needed (the visitor scrolls near them or interacts, asks
 * for one by an anchor or by the address) or after a few seconds, whichever comes first. Loading
 * the page thus runs only the first screen's code. spec: auth-onboarding §2 Landing; issue 4 (fast)
 */
export function useLowerSections(placeholder: RefObject<HTMLElement | null>) {
  const [below, setBelow] = useState<BelowFoldModule | null>(null);
  // A section asked for (a nav anchor) before the lower sections were there.
  const [wanted, setWanted] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let done = false;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mount(), { rootMargin: '200px 0px' });
    let cancelIdle = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    function stop() {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, mount);
      cancelIdle();
      clearTimeout(timer);
    }
    function mount() {
      if (done) return;
      done = true;
      stop();
      loadBelowFold().then((m) => live && setBelow(m));
    }
    if (window.location.hash) mount();
    else {
      if (placeholder.current) observer.observe(placeholder.current);
      for (const type of INTERACTIONS) window.addEventListener(type, mount, { passive: true });
      cancelIdle = whenIdle(() => void loadBelowFold());
      timer = setTimeout(mount, FALLBACK_MS);
    }
    return () => {
      live = false;
      stop();
    };
  }, [placeholder]);

  const show = useCallback((id: string) => {
    setWanted(id);
    loadBelowFold().then((m) => setBelow(m));
  }, []);

  return { below, wanted, show };
}
