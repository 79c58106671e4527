import { MESSAGES, RESET_REDIRECT_MS, ROUTES, STRENGTH5, type api, strength5 } from '@talentloop/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, callRoute } from '../../lib/api-client.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { StrengthMeter } from '../../ui/strength-meter.tsx';
import { AuthCard } from './auth-layout.tsx';
import { OtpStep } from './otp-step.tsx';

// The schemas load when a step shows, not with the login page (issue 12).
const schemas = () => import('@talentloop/contract/validation/auth');
const forgotResolver = lazyZodResolver(() => schemas().then((m) => m.ForgotFormSchema));
const resetResolver = lazyZodResolver(() => schemas().then((m) => m.ResetFormSchema));

type Step = { name: 'email' } | { name: 'code'; email: string } | { name: 'reset'; email: string } | { name: 'done' };

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && !err.isNetwork && err.body?.responseMessage
    ? err.body.responseMessage
    : err instanceof ApiError && err.isNetwork
      ? err.message
      : fallback;

/** Email, then code, then new password, then home after 2 s. spec: auth-onboarding §2 Login, §5 */
export function ForgotPassword({ onCancel }: { onCancel: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const navigate = useNavigate();

  useEffect(() => {
    if (step.name !== 'done') return;
    const t = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [step, navigate]);

  if (step.name === 'email') return <EmailStep onSent={(email) => setStep({ name: 'code', email })} onCancel={onCancel} />;
  if (step.name === 'code')
    return (
      <AuthCard title="Check your email" subtitle="Enter the code to reset your password.">
        <OtpStep
          email={step.email}
          purpose="password_reset"
          onVerified={() => setStep({ name: 'reset', email: step.email })}
          onBack={() => setStep({ name: 'email' })}
        />
      </AuthCard>
    );
  if (step.name === 'reset') return <ResetStep email={step.email} onDone={() => setStep({ name: 'done' })} />;
  return (
    <AuthCard title="Password updated">
      <Alert tone="success">Your password has been reset. Taking you to the home page…</Alert>
    </AuthCard>
  );
}

function EmailStep({ onSent, onCancel }: { onSent: (email: string) => void; onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: forgotResolver, defaultValues: { email: '' } });
  useEffect(() => forgotResolver.preload(), []);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await callRoute<typeof api.requestPasswordReset>(ROUTES.requestPasswordReset, { email });
      onSent(email.trim().toLowerCase());
    } catch (err) {
      setError(failure(err, MESSAGES.sendCodeFailed));
    }
  });
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your account's email and we'll send you a code.">
      <form onSubmit={submit} noValidate className="space-y-5">
        <fieldset disabled={isSubmitting} className="space-y-5">
          <legend className="sr-only">Your account's email</legend>
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          {error && <Alert>{error}</Alert>}
          <Button type="submit" pending={isSubmitting} className="w-full">
            Send code
          </Button>
        </fieldset>
        <button type="button" onClick={onCancel} className="w-full text-center text-sm font-medium text-brand-700 hover:underline">
          Back to log in
        </button>
      </form>
    </AuthCard>
  );
}

function ResetStep({ email, onDone }: { email: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: resetResolver, defaultValues: { newPassword: '', confirmPassword: '' } });
  useEffect(() => resetResolver.preload(), []);
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('newPassword');
  const level = strength5(password);
  const submit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await callRoute<typeof api.passwordReset>(ROUTES.passwordReset, { email, newPassword });
      onDone();
    } catch (err) {
      setError(failure(err, MESSAGES.resetFailed));
    }
  });
  return (
    <AuthCard title="Set a new password" subtitle={email}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={isSubmitting} className="space-y-5">
          <legend className="sr-only">Your new password</legend>
          <NewPasswordFields
            newPassword={form.register('newPassword')}
            confirmPassword={form.register('confirmPassword')}
            errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
            meter={<StrengthMeter label={level} index={level ? STRENGTH5.indexOf(level) : 0} levels={5} />}
          />
          {error && <Alert>{error}</Alert>}
          <Button type="submit" pending={isSubmitting} className="w-full">
            Reset password
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
