import { useEffect, useState, useSyncExternalStore } from 'react';

// Unsaved changes: forms say whether they hold changes; anything that would throw them away (a
// route change, a tab or section switch, a Back button, closing the page) asks first. The question
// is shown by <UnsavedChangesPrompt/> (ui/unsaved-changes-prompt.tsx) where one is mounted, else by
// the browser's confirm. spec: issue 9 (wizard step 2 lost entries without a word)

export const UNSAVED = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave now, they will be lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

const dirty = new Set<symbol>();
let pending: (() => void) | null = null;
let prompts = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function hasUnsavedChanges(): boolean {
  return dirty.size > 0;
}

/** Marks the calling component as holding unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean) {
  const [key] = useState(() => Symbol('unsaved'));
  useEffect(() => {
    if (isDirty) dirty.add(key);
    else dirty.delete(key);
    emit();
    return () => {
      dirty.delete(key);
      emit();
    };
  }, [isDirty, key]);
}

/** Runs `proceed` at once when nothing is unsaved; otherwise asks first and runs it only on 'Leave'. */
export function confirmLeave(proceed: () => void) {
  if (dirty.size === 0) return proceed();
  if (prompts === 0) {
    if (window.confirm(`${UNSAVED.title}\n${UNSAVED.message}`)) {
      dirty.clear();
      proceed();
    }
    return;
  }
  pending = proceed;
  emit();
}

/** The answer to the question: leave (drop the changes and go on) or stay. */
export function answerLeave(leave: boolean) {
  const proceed = pending;
  pending = null;
  if (leave && proceed) {
    dirty.clear();
    proceed();
  }
  emit();
}

// ---- the browser's Back and Forward ----
// A move through the session history cannot be cancelled, only undone. This listener must run
// before the router's (which renders the new page at once, dropping the changes), so it is added
// when this module loads: app/router.tsx imports it before the router starts listening.
// To know which way a move went and how far, every entry keeps its own position in its state
// (under POSITION, beside the router's own fields, which are private to it): app/history-position.tsx
// stamps each entry after every route change (notePosition).

/** Where this app keeps an entry's position in the session history's state. */
export const POSITION = 'talentloopPosition';

/** The position stamped on the current history entry (null: not stamped by this app). */
export const historyPosition = (): number | null => {
  const position = (window.history.state as Record<string, unknown> | null)?.[POSITION];
  return typeof position === 'number' ? position : null;
};

/** The position of the page being shown (set by notePosition). */
let here: number | null = null;
let undoing = false;

/**
 * After a route change: stamps the new entry with its position. A pushed entry is one after the
 * page it was pushed from, a replaced one takes the place of the page it replaced (the router's
 * replace drops the stamp), and an entry moved to keeps the stamp it was given.
 */
export function notePosition(navigation: 'PUSH' | 'REPLACE' | 'POP') {
  const stamped = historyPosition();
  const position = stamped ?? (navigation === 'PUSH' ? (here ?? 0) + 1 : (here ?? 0));
  here = position;
  if (stamped !== position) window.history.replaceState({ ...(window.history.state as object | null), [POSITION]: position }, '');
}

function onPopState(event: PopStateEvent) {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  const to = historyPosition();
  if (dirty.size === 0 || here === null || to === null || to === here) return;
  event.stopImmediatePropagation();
  const delta = here - to;
  undoing = true;
  window.history.go(delta);
  confirmLeave(() => window.history.go(-delta));
}

if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

/** For the prompt: whether a question is open; registers the prompt while mounted. */
export function useLeaveQuestion(): boolean {
  useEffect(() => {
    prompts++;
    return () => {
      prompts--;
    };
  }, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending !== null,
    () => false,
  );
}
