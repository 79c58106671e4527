import { type LoginForm, MESSAGES, ROUTES, type api, paths, stageDestination } from '@talentloop/contract';
import { FORM_POSTS } from '@talentloop/contract/form-answer';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { acceptSession, callRoute } from '../../lib/api-client.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { sessionStore, useSession } from '../../lib/session-store.ts';
import { usePostedAnswer, useTypedAhead } from '../../lib/typed-ahead.ts';
import { publicConfig, usePublicConfig } from '../../lib/use-config.ts';
import { Button } from '../../ui/button.tsx';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/toast.ts';
import { UserTypeRadio } from '../../ui/user-type-radio.tsx';
import { Alert } from '../../ui/alert.tsx';
import { useOnFirstUse } from '../../lib/first-use.ts';
import { authErrorFor, preloadAuthErrors } from './auth-errors-lazy.ts';

/** A failure the server answered a posted form with (issue 37): its code's texts load only then. */
const PostedFailure = lazy(() => import('./posted-failure.tsx').then((m) => ({ default: m.PostedFailure })));
import { AuthCard, AuthLayout } from './auth-layout.tsx';

// The password reset is not on the first screen: its chunk (the code input, the new-password fields)
// loads at the first use of the page (issue 37: only what the first screen needs loads first).
const loadForgot = () => import('./forgot-password.tsx');
const ForgotPassword = lazy(() => loadForgot().then((m) => ({ default: m.ForgotPassword })));
import { GoogleButton } from './google-button.tsx';

// The schema loads at the first use of the page, not with it (issue 12; useOnFirstUse, issue 37).
const loginResolver = lazyZodResolver(() => import('@talentloop/contract/validation/auth').then((m) => m.LoginFormSchema));

/** spec: auth-onboarding §2 Login, §5 Login, §8 Login codes */
export function LoginPage() {
  const [forgot, setForgot] = useState(false);
  // The failure also shows on the form (announced by its role=alert): the toast alone vanished
  // after 4 s and, on a phone, covered the header.
  const [failure, setFailure] = useState<{ title: string; message?: string } | null>(null);
  const role = useSession((s) => s.role);
  const { data: config } = usePublicConfig();
  const navigate = useNavigate();
  // Posted before (or without) the scripts, the server answered with this page (issue 37).
  const posted = usePostedAnswer('login');
  const [postedFailure, setPostedFailure] = useState(posted?.failure);
  const postedEmail = typeof posted?.values.email === 'string' ? posted.values.email : '';
  const form = useForm<LoginForm>({ resolver: loginResolver, defaultValues: { email: postedEmail, password: '' } });
  useTypedAhead('login', form, ['email', 'password']);
  // Opened as /login?reset (the link clicked before the scripts ran): the reset view, once hydrated.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has('reset')) return;
    setForgot(true);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  useOnFirstUse(() => {
    loginResolver.preload();
    preloadAuthErrors();
    loadForgot().catch(() => {});
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setPostedFailure(undefined);
    if (role === 'client' && !(config ?? (await publicConfig()))?.clientAccounts) {
      setFailure({ title: MESSAGES.clientLogin });
      notify.error(MESSAGES.clientLogin);
      return;
    }
    try {
      const session = await callRoute<typeof api.login>(ROUTES.login, values);
      acceptSession(session);
      notify.dismissAll();
      form.reset();
      navigate(stageDestination(session.onBoardingStage), { replace: true });
    } catch (err) {
      const { title, message } = await authErrorFor((m) => m.loginError, err);
      setFailure({ title, message });
      notify.error(title, message);
    }
  });

  async function google(credential: string | undefined) {
    if (!credential) return notify.error('Unexpected Error occured', MESSAGES.googleCredential);
    try {
      const session = await callRoute<typeof api.googleSignIn>(ROUTES.googleSignIn, { credential });
      acceptSession(session);
      navigate(stageDestination(session.onBoardingStage), { replace: true });
    } catch (err) {
      const { title, message } = await authErrorFor((m) => m.googleSignInError, err);
      notify.error(title, message);
    }
  }

  return (
    <AuthLayout audience={role}>
      {forgot ? (
        <Suspense fallback={null}>
          <ForgotPassword onCancel={() => setForgot(false)} />
        </Suspense>
      ) : (
        <AuthCard title="Welcome back" subtitle="Log in to continue to your profile.">
          {/* Before its script runs (or without one) the form posts to this page, which answers it. */}
          <form name="login" method="post" action={FORM_POSTS.login} onSubmit={submit} noValidate>
            <fieldset disabled={isSubmitting} className="space-y-5">
              <legend className="sr-only">Log in details</legend>
              <UserTypeRadio value={role} onChange={(r) => sessionStore.setRole(r)} />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                defaultValue={postedEmail}
                error={errors.email?.message}
                {...form.register('email')}
              />
              <PasswordField
                label="Password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <div className="flex justify-end">
                {/* A link, so a click before the scripts run still leads somewhere: to this page with
                    ?reset, whose reset view opens once they have run. */}
                <a
                  href={`${paths.login}?reset`}
                  onClick={(e) => {
                    e.preventDefault();
                    setForgot(true);
                  }}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  Forgot password?
                </a>
              </div>
              {failure ? (
                <Alert>
                  <p className="font-semibold">{failure.title}</p>
                  {failure.message && failure.message !== failure.title && <p>{failure.message}</p>}
                </Alert>
              ) : (
                postedFailure && (
                  <Suspense fallback={null}>
                    <PostedFailure failure={postedFailure} pick={(m) => m.loginError} />
                  </Suspense>
                )
              )}
              <Button type="submit" pending={isSubmitting} className="w-full">
                Log In
              </Button>
            </fieldset>
          </form>
          {role === 'freelancer' && (
            <div className="mt-5">
              <GoogleButton mode="signin" onCredential={google} />
            </div>
          )}
          <p className="mt-6 text-center text-sm text-muted">
            Don't have an account?{' '}
            <Link to={paths.signup} className="font-semibold text-brand-700 hover:underline">
              Sign up
            </Link>
          </p>
        </AuthCard>
      )}
    </AuthLayout>
  );
}
