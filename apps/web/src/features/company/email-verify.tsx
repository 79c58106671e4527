import { OTP_LENGTH } from '@talentloop/contract';
import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { OtpInput } from '../../ui/otp-input.tsx';
import { notify } from '../../ui/toast.ts';
import { useSendEmailCode } from './api/send-email-code.ts';
import { useVerifyEmail } from './api/verify-email.ts';

const CODE_FAILED = { title: 'Verification failed', message: 'Please try again.' };

/** The Verify button beside the company email: mails a real 5-digit code there (or shows Verified). */
export function VerifyEmailButton({
  email,
  valid,
  verified,
  onSent,
}: {
  email: string;
  valid: boolean;
  verified: boolean;
  onSent: (email: string) => void;
}) {
  const send = useSendCode(onSent);
  if (verified) {
    return (
      <span className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl bg-success-soft px-3 text-sm font-semibold text-success">
        <BadgeCheck className="h-4 w-4" aria-hidden="true" />
        Verified
      </span>
    );
  }
  return (
    <Button variant="secondary" className="shrink-0" disabled={!valid} pending={send.isPending} onClick={() => send.run(email)}>
      Verify
    </Button>
  );
}

function useSendCode(onSent: (email: string) => void) {
  const send = useSendEmailCode();
  return {
    isPending: send.isPending,
    run: (email: string) =>
      send.mutate(email, {
        onSuccess: (res) => {
          onSent(email);
          notify.success(res.responseMessage);
        },
        onError: (err) => {
          const shown = errorMessage(err, { fallback: CODE_FAILED, codes: 'all' });
          notify.error(shown.title, shown.message);
        },
      }),
  };
}

/** Where the code mailed to the company email is typed. */
export function CodeEntry({ email }: { email: string }) {
  const verify = useVerifyEmail();
  const resend = useSendCode(() => {});
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  function submit() {
    verify.mutate(
      { email, otp: code },
      {
        onSuccess: (res) => notify.success(res.responseMessage),
        onError: (err) => setError(errorMessage(err, { fallback: CODE_FAILED, codes: 'all' }).message),
      },
    );
  }

  return (
    // Enter confirms the code here; it must not submit (save) the contact form around it.
    <fieldset
      className="w-full min-w-0 space-y-3 rounded-xl border border-line bg-surface p-4"
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || (e.target as HTMLElement).tagName !== 'INPUT') return;
        e.preventDefault();
        if (code.length === OTP_LENGTH && !verify.isPending) submit();
      }}
    >
      <legend id={labelId} className="float-left mb-3 w-full text-sm text-ink">
        Enter the {OTP_LENGTH}-digit code we sent to <strong className="break-all">{email}</strong>
      </legend>
      <OtpInput
        value={code}
        onChange={setCode}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        disabled={verify.isPending}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={code.length !== OTP_LENGTH} pending={verify.isPending}>
          Confirm code
        </Button>
        <Button variant="ghost" onClick={() => resend.run(email)} pending={resend.isPending}>
          Send a new code
        </Button>
      </div>
    </fieldset>
  );
}
