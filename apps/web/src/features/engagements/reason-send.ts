import { useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';

// The engagements' questions that need a reason (query a week, ask for changes, decline terms) use
// the shared ui/reason-dialog.tsx; this sends the reason and keeps the server's answer to show in it.

const FAILED = { title: 'Could not send', message: 'Please try again.' };

/** `submit` sends the reason, closes on success, and keeps a failure's message as `error` (the dialog shows it and stays open). */
export function useReasonSend(send: (reason: string) => Promise<unknown>, close: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return {
    error,
    pending,
    submit: async (reason: string) => {
      setError(null);
      setPending(true);
      try {
        await send(reason);
        close();
      } catch (err) {
        setError(errorMessage(err, { fallback: FAILED }).message);
      } finally {
        setPending(false);
      }
    },
  };
}
