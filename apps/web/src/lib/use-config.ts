import { ROUTES, type ResponseOf, type api } from '@talentloop/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { callRoute } from './api-client.ts';

type PublicConfig = ResponseOf<typeof api.config>;

// Public settings from the server (Google client id, feature switches): fetched once per visit and
// shared by every screen. A small store of its own rather than the query cache, so the login and
// sign-up pages load no query library before their first paint (issue 12). Like the query it
// replaces: one retry after a second, and a later screen tries again if both failed.
const RETRY_MS = 1_000;
let config: PublicConfig | undefined;
let loading: Promise<PublicConfig | undefined> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<PublicConfig | undefined> {
  if (config) return Promise.resolve(config);
  loading ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        config = await callRoute<typeof api.config>(ROUTES.config);
        for (const l of listeners) l();
        return config;
      } catch {
        if (attempt >= 1) {
          loading = null;
          return undefined;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  })();
  return loading;
}

/**
 * The public settings for a decision that cannot wait for a render: a form sent before they arrived
 * (a slow phone, or a submit right after hydration) waits for them instead of reading 'not loaded'
 * as 'switched off'. Undefined only when both tries failed.
 */
export function publicConfig(): Promise<PublicConfig | undefined> {
  return load();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Public settings from the server (Google client id, feature switches), fetched once. */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  useEffect(() => {
    if (!config) void load();
  }, []);
  return {
    data: useSyncExternalStore(
      subscribe,
      () => config,
      () => undefined,
    ),
  };
}
