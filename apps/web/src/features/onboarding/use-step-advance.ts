import { WIZARD_STEP_DELAY_MS } from '@talentloop/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a saved step the wizard waits 2 s (the success toast is read) before the next tab; the
 * step stays disabled meanwhile. spec: auth-onboarding §4 Onboarding stage, §9
 */
export function useStepAdvance(next: () => void) {
  const [advancing, setAdvancing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextRef = useRef(next);
  nextRef.current = next;
  useEffect(() => () => clearTimeout(timer.current), []);
  const advance = useCallback(() => {
    setAdvancing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setAdvancing(false);
      nextRef.current();
    }, WIZARD_STEP_DELAY_MS);
  }, []);
  return { advancing, advance };
}
