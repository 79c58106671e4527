import { useEffect, useRef } from 'react';
import { usePublicConfig } from '../../lib/use-config.ts';

type CredentialResponse = { credential?: string; select_by?: string };
declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize: (opts: { client_id: string; callback: (r: CredentialResponse) => void; ux_mode?: 'popup' }) => void;
          renderButton: (el: HTMLElement, opts: Record<string, unknown>) => void;
        };
      };
    };
  }
}

const SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<void> | null = null;
function loadGoogle(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not load'));
    };
    document.head.append(s);
  });
  return loading;
}

/**
 * Google's own button (Google Identity Services), shown only when the server has a client id.
 * Returns the credential and how it was selected. spec: auth-onboarding §7 (sign-in button)
 */
export function GoogleButton({
  mode,
  onCredential,
}: {
  mode: 'signin' | 'signup';
  onCredential: (credential: string | undefined, selectBy?: string) => void;
}) {
  const { data } = usePublicConfig();
  const clientId = data?.googleClientId;
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogle()
      .then(() => {
        if (cancelled || !ref.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => callback.current(r.credential, r.select_by),
          ux_mode: 'popup',
        });
        window.google.accounts.id.renderButton(ref.current, {
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          width: Math.min(400, ref.current.offsetWidth || 320),
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  if (!clientId) return null;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <div ref={ref} className="flex min-h-10 justify-center" />
    </div>
  );
}
