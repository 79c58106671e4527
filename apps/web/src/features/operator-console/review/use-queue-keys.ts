import { useEffect, useRef } from 'react';

// The review queues' keyboard (issue 21): j/k or the arrow keys move through the queue, a letter
// per decision. Keys never fire while the operator types in a field, while a dialog is open, or
// with a modifier held (browser and screen-reader shortcuts keep working).

export type QueueKeyActions = {
  next: () => void;
  previous: () => void;
  /** Letter -> decision, e.g. { a: approve, r: requestChanges, d: decline }. */
  decisions: Record<string, () => void>;
};

/** Whether a key event comes from somewhere typing happens (a field, an editable region, a dialog). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"]'))
    return true;
  return false;
}

export function useQueueKeys(actions: QueueKeyActions, enabled = true) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      if (isTypingTarget(e.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const { next, previous, decisions } = latest.current;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (key === 'j' || key === 'ArrowDown') next();
      else if (key === 'k' || key === 'ArrowUp') previous();
      else if (!e.shiftKey && decisions[key]) decisions[key]();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
