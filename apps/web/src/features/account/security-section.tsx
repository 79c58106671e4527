import { zodResolver } from '@hookform/resolvers/zod';
import { paths, strength3 } from '@talentloop/contract';
import { type ChangePasswordForm, ChangePasswordFormSchema, SECURITY_MESSAGES } from '@talentloop/contract/api/security';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/api-client.ts';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PasswordField } from '../../ui/field.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { EditorSection, SectionSkeleton } from '../../ui/profile-form/editor-section.tsx';
import { LoadError } from '../../ui/section-boundary.tsx';
import { StrengthMeter } from '../../ui/strength-meter.tsx';
import { notify } from '../../ui/toast.ts';
import { useChangePassword } from './api/change-password.ts';
import { useAccountSecurity } from './api/get-security.ts';
import { useSignOutEverywhere } from './api/sign-out-everywhere.ts';
import { countLabel } from '../../lib/plural.ts';

// The account's security, the same for both roles (issue 19: a freelancer had no way to change the
// password or sign out other devices): change the password (current one needed; the sign-up rules
// and meter for the new one; other devices are signed out, this one stays) and sign out on every
// device (this one too, then the login page). An account that signs in with Google has no password
// and says so. The company settings show it as Security & Privacy, the profile editor as a section.

const FAILED = { title: 'Password not changed', message: 'Please try again.' };

/** The profile editor's section: the account's security in the editor's card. */
export function SecuritySection() {
  return (
    <EditorSection
      id="security"
      title="Account Security"
      description="Change your password, or sign out every device signed in to your account."
    >
      <AccountSecurity />
    </EditorSection>
  );
}

/** Password change and signed-in devices, with its own loading and load error. */
export function AccountSecurity() {
  const security = useAccountSecurity();
  if (security.isError) {
    return <LoadError what="your security settings" onRetry={() => security.refetch()} />;
  }
  if (!security.data) return <SectionSkeleton rows={3} />;
  return (
    <div className="space-y-10">
      <section aria-labelledby="change-password-heading">
        <h3 id="change-password-heading" className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Change password
        </h3>
        {security.data.hasPassword ? (
          <ChangePasswordFormView />
        ) : (
          <p className="mt-3 rounded-xl bg-surface p-4 text-sm text-muted">{SECURITY_MESSAGES.noPassword}</p>
        )}
      </section>
      <SignOutEverywhere activeSessions={security.data.activeSessions} />
    </div>
  );
}

function ChangePasswordFormView() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const level = strength3(form.watch('newPassword') ?? '');

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      notify.success('Password changed', res.responseMessage);
      form.reset();
    } catch (err) {
      const shown = errorMessage(err, { fallback: FAILED, codes: 'all' });
      // A wrong current password belongs under that field; anything else is a toast.
      if (errorCode(err) === 'TL_CORE_10130_E') form.setError('currentPassword', { message: shown.message }, { shouldFocus: true });
      else notify.error(shown.title, shown.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 max-w-md">
      <fieldset disabled={isSubmitting} className="grid gap-5">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          newPassword={form.register('newPassword')}
          confirmPassword={form.register('confirmPassword')}
          errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
          meter={<StrengthMeter label={level} index={level === 'Strong' ? 2 : level === 'Medium' ? 1 : 0} levels={3} />}
        />
      </fieldset>
      <p className="mt-4 text-sm text-muted">Your other devices will be signed out; this one stays signed in.</p>
      <div className="mt-6">
        <Button type="submit" pending={isSubmitting}>
          Change password
        </Button>
      </div>
    </form>
  );
}

function SignOutEverywhere({ activeSessions }: { activeSessions: number }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const signOut = useSignOutEverywhere();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: async (res) => {
        // The server ended every session, this one too: clear this tab's copy and go to login.
        await logout();
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
        navigate(paths.login, { replace: true });
        notify.success('Signed out', res.responseMessage);
      },
      onError: (err) => {
        const shown = errorMessage(err, { fallback: { title: 'Sign out failed', message: 'Please try again.' }, codes: 'all' });
        notify.error(shown.title, shown.message);
      },
    });

  return (
    <section aria-labelledby="sign-out-heading" className="border-t border-line pt-8">
      <h3 id="sign-out-heading" className="flex items-center gap-2 text-lg font-semibold">
        <LogOut className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Signed-in devices
      </h3>
      <p className="mt-2 text-sm text-muted">
        Your account is signed in on {countLabel(activeSessions, 'device')}. Signing out everywhere ends every session, this one included.
      </p>
      <Button ref={opener} variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        Sign out all devices
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) opener.current?.focus();
        }}
        title="Sign out all devices?"
        description="Every device signed in to your account is signed out, including this one. You will need to log in again."
        confirmLabel="Sign out all devices"
        tone="danger"
        pending={signOut.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
