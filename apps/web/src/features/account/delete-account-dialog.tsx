import { OTP_LENGTH, paths } from '@talentloop/contract';
import { ACCOUNT_MESSAGES } from '@talentloop/contract/api/account';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/api-client.ts';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { PasswordField } from '../../ui/field.tsx';
import { OtpInput } from '../../ui/otp-input.tsx';
import { notify } from '../../ui/toast.ts';
import { useDeleteAccount } from './api/delete-account.ts';
import { useRequestDeletionCode } from './api/request-deletion-code.ts';
import { useAccountSecurity } from './api/get-security.ts';

type Step = 'confirm' | 'password' | 'code';

/**
 * Delete Account: the spec's confirm dialog (permanent, cannot be undone; Cancel and Delete), then
 * the password, or for an account that signs in with Google a code sent by mail. Then the account
 * and its data are gone and the user is signed out to the login page.
 * spec: profile-company §2 (Delete Account dialog); issue 10 (beyond the spec: it really deletes)
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>('confirm');
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep('confirm');
  };

  if (step === 'confirm')
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title={ACCOUNT_MESSAGES.deleteTitle}
        description={ACCOUNT_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => setStep('password')}
      />
    );
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="sm"
      role="alertdialog"
      title={ACCOUNT_MESSAGES.deleteTitle}
      description={step === 'password' ? ACCOUNT_MESSAGES.passwordRequired : ACCOUNT_MESSAGES.codeRequired}
    >
      <VerifyStep step={step} onStep={setStep} onCancel={() => close(false)} />
    </Dialog>
  );
}

function VerifyStep({ step, onStep, onCancel }: { step: 'password' | 'code'; onStep: (s: Step) => void; onCancel: () => void }) {
  const uid = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const remove = useDeleteAccount();
  const sendCode = useRequestDeletionCode();
  // The mailed code is offered only to an account that signed up with Google and has no password;
  // until that is known nothing is offered (a password-less account still reaches the code: 10132 below).
  const security = useAccountSecurity();
  const googleOnly = security.data?.hasPassword === false && security.data.googleLinked;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const requestCode = () => {
    setProblem(null);
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setCodeSent(true);
        setCode('');
        onStep('code');
      },
      onError: (err) => {
        // An account with a password confirms with it (TL_CORE_10131_E), not with a code.
        if (errorCode(err) === 'TL_CORE_10131_E') onStep('password');
        setProblem(
          errorMessage(err, { fallback: { title: '', message: 'Failed to send the code. Please try again.' }, codes: 'all' }).message,
        );
      },
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (step === 'password' && !password) return setProblem(ACCOUNT_MESSAGES.passwordRequired);
    if (step === 'code' && code.length !== OTP_LENGTH) return setProblem(ACCOUNT_MESSAGES.codeRequired);
    remove.mutate(step === 'password' ? { password } : { otp: code }, {
      onSuccess: async () => {
        // The server has ended every session; clear this tab's copy and leave the signed-in pages.
        await logout();
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
        navigate(paths.login, { replace: true });
        notify.success(ACCOUNT_MESSAGES.deleteTitle, ACCOUNT_MESSAGES.deleted);
      },
      onError: (err) => {
        // An account without a password (Google sign-in) confirms with a mailed code (TL_CORE_10132_E).
        if (step === 'password' && errorCode(err) === 'TL_CORE_10132_E') return requestCode();
        setProblem(
          errorMessage(err, { fallback: { title: '', message: 'Failed to delete the account. Please try again.' }, codes: 'all' }).message,
        );
      },
    });
  };

  const pending = remove.isPending || sendCode.isPending;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {step === 'password' ? (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          autoFocus
          onChange={(e) => setPassword(e.target.value)}
          error={problem ?? undefined}
          disabled={pending}
        />
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Code from your email</legend>
          {codeSent && (
            <p id={`${uid}-code-hint`} className="text-sm text-muted">
              {ACCOUNT_MESSAGES.codeSent}
            </p>
          )}
          <OtpInput
            value={code}
            onChange={setCode}
            invalid={Boolean(problem)}
            disabled={pending}
            describedBy={problem ? `${uid}-code-error` : codeSent ? `${uid}-code-hint` : undefined}
          />
          {problem && (
            <p id={`${uid}-code-error`} role="alert" className="text-sm text-danger">
              {problem}
            </p>
          )}
        </fieldset>
      )}

      {step === 'password' ? (
        googleOnly && (
          <button
            type="button"
            onClick={requestCode}
            disabled={pending}
            className="min-h-11 text-left text-sm font-semibold text-brand-700 hover:underline disabled:opacity-60"
          >
            Signed up with Google? Email me a code instead
          </button>
        )
      ) : (
        <button
          type="button"
          onClick={requestCode}
          disabled={pending}
          className="min-h-11 text-left text-sm font-semibold text-brand-700 hover:underline disabled:opacity-60"
        >
          Send a new code
        </button>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={remove.isPending}>
          Delete my account
        </Button>
      </div>
    </form>
  );
}
