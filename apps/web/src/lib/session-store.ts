import type { api } from '@talentloop/contract';
import { RESTORE_TIMEOUT_MS } from '@talentloop/contract';
import { useSyncExternalStore } from 'react';
import { local, session } from './storage.ts';

// spec: auth-onboarding §3 User session data, §4 Session. Only the user and sidebar slices are
// persisted (local storage); the stage is also kept in session storage under onBoardingStage.
// The access token is never stored: it lives in memory in the API client.

export type Role = 'freelancer' | 'client';
type State = { user: api.SessionUser | null; role: Role; sidebar: { isOpen: boolean } };

const PERSIST_KEY = 'talentloop:state';
const STAGE_KEY = 'onBoardingStage';

const INITIAL: State = { user: null, role: 'freelancer', sidebar: { isOpen: false } };
let state: State = INITIAL;
const listeners = new Set<() => void>();

function emit() {
  local.set(PERSIST_KEY, JSON.stringify({ user: state.user, sidebar: state.sidebar }));
  for (const l of listeners) l();
}

/** Restores the persisted slices; gives up (starting empty) if it takes longer than the timeout. */
export function restoreSession(): Promise<void> {
  const restore = new Promise<void>((resolve) => {
    const raw = local.get(PERSIST_KEY);
    if (raw) {
      try {
        const saved = JSON.parse(raw) as Partial<State>;
        state = { ...state, user: saved.user ?? null, sidebar: { isOpen: Boolean(saved.sidebar?.isOpen) } };
      } catch {
        local.set(PERSIST_KEY, null);
      }
    }
    resolve();
  });
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS));
  return Promise.race([restore, timeout]);
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUser(user: api.SessionUser) {
    state = { ...state, user };
    session.set(STAGE_KEY, user.onBoardingStage ?? null);
    emit();
  },
  /** Names and photo change only while there is a user. */
  updateUser(patch: Partial<Pick<api.SessionUser, 'firstName' | 'lastName' | 'profilePhotoUrl'>>) {
    if (!state.user) return;
    state = { ...state, user: { ...state.user, ...patch } };
    emit();
  },
  setStage(stage: string | null) {
    session.set(STAGE_KEY, stage);
    if (state.user) state = { ...state, user: { ...state.user, onBoardingStage: stage } };
    emit();
  },
  setRole(role: Role) {
    state = { ...state, role };
    emit();
  },
  setSidebarOpen(isOpen: boolean) {
    state = { ...state, sidebar: { isOpen } };
    emit();
  },
  clear() {
    state = { ...state, user: null, role: 'freelancer' };
    session.set(STAGE_KEY, null);
    emit();
  },
};

export function storedStage(): string | null {
  return session.get(STAGE_KEY) ?? state.user?.onBoardingStage ?? null;
}

export function useSession<T>(select: (s: State) => T): T {
  // A page rendered ahead (issue 37) is drawn signed out, as the server drew it; the restored user follows.
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => select(state),
    () => select(INITIAL),
  );
}
