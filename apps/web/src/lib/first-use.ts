import { useEffect } from 'react';

const USE = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `load` once, at the visitor's first use of the page (a pointer pressed, a key, a focus), or at
 * once when something already has focus (typed into before the scripts ran). For what a form needs
 * only once it is used (its schema, its error texts, the screens after it): fetched then, not while
 * the page is still starting, whose main thread they would hold (issue 37, TBT). A check or a screen
 * that comes before they arrive waits for them.
 */
export function useOnFirstUse(load: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, with the first `load`.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) {
      load();
      return;
    }
    const run = () => {
      stop();
      load();
    };
    const stop = () => {
      for (const type of USE) window.removeEventListener(type, run, true);
    };
    for (const type of USE) window.addEventListener(type, run, { capture: true, passive: true });
    return stop;
  }, []);
}
