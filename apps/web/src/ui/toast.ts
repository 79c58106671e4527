import { GENERIC_TOAST_MS, TOAST_MS } from '@talentloop/contract';

// Toasts carry the spec's title and message. spec: auth-onboarding §4 (4 s on login and sign-up,
// 7 s generic). The toast library loads with the first toast (or with the toaster, after the first
// paint), so no page's first load carries it (issue 12).
// One shared promise: toasts raised before the library arrives show, and close, in call order.
let loading: Promise<typeof import('sonner').toast> | null = null;
const sonner = () => {
  loading ??= import('sonner').then(
    (m) => m.toast,
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
};

// A toast that cannot load is not worth an unhandled rejection.
const ignore = () => {};

export const notify = {
  error: (title: string, message?: string, duration = TOAST_MS) => {
    sonner().then((toast) => toast.error(title, { description: message, duration }), ignore);
  },
  success: (title: string, message?: string, duration = TOAST_MS) => {
    sonner().then((toast) => toast.success(title, { description: message, duration }), ignore);
  },
  info: (title: string, message?: string) => {
    sonner().then((toast) => toast(title, { description: message, duration: GENERIC_TOAST_MS }), ignore);
  },
  /** Closes every toast, e.g. an error of the screen being left. */
  dismissAll: () => {
    sonner().then((toast) => toast.dismiss(), ignore);
  },
};
