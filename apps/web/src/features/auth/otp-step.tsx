import { MESSAGES, OTP_RESEND_SECONDS, ROUTES, type api, otpProblem } from '@talentloop/contract';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, type call, callRoute } from '../../lib/api-client.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { OtpInput } from '../../ui/otp-input.tsx';
import { notify } from '../../ui/toast.ts';

type VerifyResult = Awaited<ReturnType<typeof call<typeof api.otpVerify>>>;

/** Five boxes, a 30 s resend countdown, and the spec's messages. spec: auth-onboarding §4, §5, §8 */
export function OtpStep({
  email,
  purpose,
  onVerified,
  onBack,
}: {
  email: string;
  purpose: 'registration' | 'password_reset';
  onVerified: (result: VerifyResult) => void;
  onBack?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const [seconds, setSeconds] = useState(OTP_RESEND_SECONDS);
  const boxes = useRef<HTMLDivElement>(null);
  // The first box takes focus when the screen opens, and again after a failed try (the boxes are
  // disabled while checking, which drops focus to the page).
  useEffect(() => focusFirstBox(boxes.current), []);
  useEffect(() => {
    if (error && !pending) focusFirstBox(boxes.current);
  }, [error, pending]);

  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = otpProblem(code);
    if (problem) return setError(problem);
    setError(null);
    setPending(true);
    try {
      onVerified(await callRoute<typeof api.otpVerify>(ROUTES.otpVerify, { email, otp: code, purpose }));
    } catch (err) {
      setError(err instanceof ApiError && !err.isNetwork ? err.body?.responseMessage || MESSAGES.verificationFailed : MESSAGES.networkCode);
    } finally {
      setPending(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await callRoute<typeof api.otpResend>(ROUTES.otpResend, { email, purpose });
      setSeconds(OTP_RESEND_SECONDS);
      setCode('');
      setError(null);
      notify.success('Code sent', `We sent a new code to ${email}.`);
    } catch (err) {
      notify.error(
        'Resend failed',
        err instanceof ApiError && err.isNetwork
          ? MESSAGES.networkCode
          : err instanceof ApiError && err.body?.responseMessage
            ? err.body.responseMessage
            : MESSAGES.resendFailed,
      );
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-3.5 text-sm text-brand-900">
        <MailCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>
          We sent a 5-digit code to <EmailAddress email={email} />. Enter it below.
        </p>
      </div>
      <div ref={boxes}>
        <OtpInput
          value={code}
          onChange={setCode}
          invalid={Boolean(error)}
          disabled={pending}
          describedBy={error ? 'otp-error' : undefined}
        />
      </div>
      {error && (
        <div id="otp-error">
          <Alert>{error}</Alert>
        </div>
      )}
      <Button type="submit" pending={pending} className="w-full">
        Verify
      </Button>
      <div className="flex items-center justify-between text-sm">
        {onBack ? (
          <button type="button" onClick={onBack} className="font-medium text-muted hover:text-ink">
            Back
          </button>
        ) : (
          <span />
        )}
        {seconds > 0 ? (
          <span className="text-muted" aria-live="polite">
            Resend code in 0:{String(seconds).padStart(2, '0')}
          </span>
        ) : (
          <button
            type="button"
            onClick={resend}
            disabled={resending}
            className="font-semibold text-brand-700 hover:underline disabled:text-muted"
          >
            Resend code
          </button>
        )}
      </div>
    </form>
  );
}

function focusFirstBox(container: HTMLElement | null) {
  container?.querySelector('input')?.focus();
}

/** An address wraps at its @ (and dots) on a narrow screen, never in the middle of a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <strong className="[overflow-wrap:anywhere]">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </strong>
  );
}
