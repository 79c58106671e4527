import { GENERIC_TOAST_MS, TOAST_MS } from '@talentloop/contract';
import { toast } from 'sonner';

// Toasts carry the spec's title and message. spec: auth-onboarding §4 (4 s on login and sign-up,
// 7 s generic).
export const notify = {
  error: (title: string, message?: string, duration = TOAST_MS) => toast.error(title, { description: message, duration }),
  success: (title: string, message?: string, duration = TOAST_MS) => toast.success(title, { description: message, duration }),
  info: (title: string, message?: string) => toast(title, { description: message, duration: GENERIC_TOAST_MS }),
  /** Closes every toast, e.g. an error of the screen being left. */
  dismissAll: () => toast.dismiss(),
};
