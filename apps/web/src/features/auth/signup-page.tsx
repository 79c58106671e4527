import { ERROR_MODAL_MS, MESSAGES, type SignUpForm, VERIFIED_REDIRECT_MS, ROUTES, type api, paths, strength3 } from '@talentloop/contract';
import { FORM_POSTS } from '@talentloop/contract/form-answer';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { acceptSession, callRoute } from '../../lib/api-client.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { sessionStore, useSession } from '../../lib/session-store.ts';
import { usePostedAnswer, useTypedAhead } from '../../lib/typed-ahead.ts';
import { publicConfig, usePublicConfig } from '../../lib/use-config.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { StrengthMeter } from '../../ui/strength-meter.tsx';
import { notify } from '../../ui/toast.ts';
import { UserTypeRadio } from '../../ui/user-type-radio.tsx';
import { useOnFirstUse } from '../../lib/first-use.ts';
import { authErrorFor, preloadAuthErrors } from './auth-errors-lazy.ts';

/** A failure the server answered a posted form with (issue 37): its code's texts load only then. */
const PostedFailure = lazy(() => import('./posted-failure.tsx').then((m) => ({ default: m.PostedFailure })));
import { AuthCard, AuthLayout } from './auth-layout.tsx';
import { GoogleButton } from './google-button.tsx';

// The code step comes after the form is sent: its chunk loads at the first use of the page (issue 37).
const loadOtpStep = () => import('./otp-step.tsx');
const OtpStep = lazy(() => loadOtpStep().then((m) => ({ default: m.OtpStep })));

// The schema and the two overlays load at the first use of the page, not with it (issue 12; useOnFirstUse, issue 37).
const signupResolver = lazyZodResolver(() => import('@talentloop/contract/validation/auth').then((m) => m.SignUpFormSchema));
const loadDialogs = () => import('./signup-dialogs.tsx');
const VerifiedDialog = lazy(() => loadDialogs().then((m) => ({ default: m.VerifiedDialog })));
const UnexpectedDialog = lazy(() => loadDialogs().then((m) => ({ default: m.UnexpectedDialog })));

const FIELD_ORDER = ['userType', 'firstName', 'lastName', 'company', 'emailId', 'password', 'confirmPassword', 'terms'] as const;
const REQUIRED_MESSAGES: string[] = [
  MESSAGES.firstNameRequired,
  MESSAGES.lastNameRequired,
  MESSAGES.companyRequired,
  MESSAGES.emailRequired,
  MESSAGES.passwordRequired,
  MESSAGES.confirmRequired,
];

/** The submit summary: 'All required fields must be filled.' when any is empty, else the first failing field's message. */
function summary(errors: FieldErrors<SignUpForm>): string | null {
  const messages = FIELD_ORDER.map((f) => errors[f]?.message).filter((m): m is string => Boolean(m));
  if (messages.some((m) => REQUIRED_MESSAGES.includes(m))) return MESSAGES.allRequired;
  return messages[0] ?? null;
}

/** The sign-up card speaks to the account type chosen (issue 32): a company hears what it can do here. */
export const SIGNUP_COPY = {
  freelancer: {
    title: 'Create your account',
    subtitle: 'Join the vetted talent pool: once our team has reviewed your profile, verified companies can shortlist you.',
  },
  client: {
    title: 'Create your company account',
    subtitle: 'Search vetted freelancers, and once your company is verified, shortlist them for your roles and invite them to interviews.',
  },
} as const;

/** Registration, then the code, then 'Email Verified' and profile setup. spec: auth-onboarding §2 Sign-up, §4, §5 */
export function SignupPage() {
  // Posted before (or without) the scripts, the server answered with this page (issue 37): the
  // code step, or the form with what was sent (no password) and the failure.
  const posted = usePostedAnswer('signup');
  const [postedFailure, setPostedFailure] = useState(posted?.failure);
  const shownBack = (name: string) => {
    const value = posted?.values[name];
    return typeof value === 'string' ? value : '';
  };
  const [emailForCode, setEmailForCode] = useState<string | null>(posted?.emailForCode ?? null);
  // The verified session is held until the overlay hands over: storing it at once would make the
  // signed-in redirect skip the overlay.
  const [verified, setVerified] = useState<Parameters<typeof acceptSession>[0] | null>(null);
  const [unexpected, setUnexpected] = useState(false);
  const role = useSession((s) => s.role);
  const { data: config } = usePublicConfig();
  const navigate = useNavigate();
  const form = useForm<SignUpForm>({
    resolver: signupResolver,
    defaultValues: {
      userType: posted?.values.userType === 'client' ? 'client' : role,
      firstName: shownBack('firstName'),
      lastName: shownBack('lastName'),
      company: shownBack('company'),
      emailId: shownBack('emailId'),
      password: '',
      confirmPassword: '',
      terms: posted?.values.terms === true,
    },
  });
  useTypedAhead('signup', form, ['userType', 'firstName', 'lastName', 'company', 'emailId', 'password', 'confirmPassword', 'terms']);
  const { errors, isSubmitting, submitCount } = form.formState;
  useOnFirstUse(() => {
    signupResolver.preload();
    preloadAuthErrors();
    loadDialogs().catch(() => {});
    loadOtpStep().catch(() => {});
  });
  const userType = form.watch('userType');
  const password = form.watch('password');
  const level = strength3(password);

  const continueToSetup = useCallback(() => {
    if (!verified) return;
    acceptSession(verified);
    sessionStore.setStage('PROFILE_BASICS');
    navigate(paths.freelancer.profileSetup, { replace: true });
  }, [verified, navigate]);

  useEffect(() => {
    if (!verified) return;
    const t = setTimeout(continueToSetup, VERIFIED_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [verified, continueToSetup]);

  useEffect(() => {
    if (!unexpected) return;
    const t = setTimeout(() => setUnexpected(false), ERROR_MODAL_MS);
    return () => clearTimeout(t);
  }, [unexpected]);

  const submit = form.handleSubmit(async (values) => {
    setPostedFailure(undefined);
    if (values.userType === 'client' && !(config ?? (await publicConfig()))?.clientAccounts) {
      notify.error(MESSAGES.clientLogin);
      return;
    }
    try {
      const res = await callRoute<typeof api.register>(ROUTES.register, {
        firstName: values.firstName,
        lastName: values.lastName,
        emailId: values.emailId,
        password: values.password,
        userType: values.userType,
        company: values.userType === 'client' ? (values.company ?? '') : '',
      });
      setEmailForCode(res.emailId);
    } catch (err) {
      const shown = await authErrorFor((m) => m.signupError, err);
      if (shown) notify.error(shown.title, shown.message);
      else setUnexpected(true);
    }
  });

  async function google(credential: string | undefined) {
    if (userType !== 'freelancer') return notify.error(MESSAGES.googleFreelancerOnly);
    if (!credential) return notify.error('Unexpected Error occured', MESSAGES.googleCredential);
    try {
      acceptSession(await callRoute<typeof api.googleSignUp>(ROUTES.googleSignUp, { credential, userType: 'freelancer' }));
      navigate(paths.freelancer.viewProfile, { replace: true });
    } catch (err) {
      const { title, message } = await authErrorFor((m) => m.googleSignUpError, err);
      notify.error(title, message);
    }
  }

  const shownSummary = submitCount > 0 ? summary(errors) : null;

  return (
    <AuthLayout audience={userType}>
      {/* Once verified, the overlay is the page (its own main landmark): nothing stays behind it. */}
      {verified !== null ? null : emailForCode ? (
        <AuthCard title="Verify your email" subtitle="One last step to create your account.">
          <Suspense fallback={null}>
            <OtpStep
              email={emailForCode}
              purpose="registration"
              onVerified={(result) => setVerified({ ...result, onBoardingStage: 'PROFILE_BASICS' })}
              onBack={() => setEmailForCode(null)}
            />
          </Suspense>
        </AuthCard>
      ) : (
        <AuthCard title={SIGNUP_COPY[userType].title} subtitle={SIGNUP_COPY[userType].subtitle}>
          {/* Before its script runs (or without one) the form posts to this page, which answers it. */}
          <form name="signup" method="post" action={FORM_POSTS.signup} onSubmit={submit} noValidate className="group/signup">
            <fieldset disabled={isSubmitting} className="space-y-5">
              <legend className="sr-only">Your account details</legend>
              <Controller
                control={form.control}
                name="userType"
                render={({ field }) => (
                  <UserTypeRadio
                    name="userType"
                    value={field.value}
                    onChange={(r) => {
                      field.onChange(r);
                      sessionStore.setRole(r);
                    }}
                  />
                )}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label="First name"
                  autoComplete="given-name"
                  defaultValue={shownBack('firstName')}
                  error={errors.firstName?.message}
                  {...form.register('firstName')}
                />
                <TextField
                  label="Last name"
                  autoComplete="family-name"
                  defaultValue={shownBack('lastName')}
                  error={errors.lastName?.message}
                  {...form.register('lastName')}
                />
              </div>
              {/* Drawn for both types and shown by the chosen radio itself, so a company chosen
                  before the scripts run (or without them) can give its name (issue 37). */}
              <div className="hidden group-has-[[name=userType][value=client]:checked]/signup:block">
                <TextField
                  label="Company"
                  autoComplete="organization"
                  defaultValue={shownBack('company')}
                  error={errors.company?.message}
                  {...form.register('company')}
                />
              </div>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                defaultValue={shownBack('emailId')}
                error={errors.emailId?.message}
                {...form.register('emailId')}
              />
              <PasswordField
                label="Password"
                autoComplete="new-password"
                error={errors.password?.message}
                hint="At least 8 characters with upper and lower case letters, a number and a special character."
                after={<StrengthMeter label={level} index={level === 'Strong' ? 2 : level === 'Medium' ? 1 : 0} levels={3} />}
                {...form.register('password')}
              />
              <PasswordField
                label="Confirm password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
              <div>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-5 w-5 shrink-0 rounded border-line accent-brand-700"
                    aria-invalid={errors.terms ? true : undefined}
                    aria-describedby={errors.terms ? 'terms-error' : undefined}
                    defaultChecked={posted?.values.terms === true}
                    {...form.register('terms')}
                  />
                  <span>
                    I accept the{' '}
                    <Link to={paths.terms} target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
                      Terms and Conditions
                    </Link>{' '}
                    and the{' '}
                    <Link to={paths.privacy} target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
                      Privacy Policy
                    </Link>
                    .
                  </span>
                </label>
                {errors.terms && (
                  <p id="terms-error" role="alert" className="mt-1.5 text-sm text-danger">
                    {errors.terms.message}
                  </p>
                )}
              </div>
              {shownSummary ? (
                <Alert>{shownSummary}</Alert>
              ) : (
                postedFailure && (
                  <Suspense fallback={null}>
                    <PostedFailure failure={postedFailure} pick={(m) => m.signupError} />
                  </Suspense>
                )
              )}
              <Button type="submit" pending={isSubmitting} className="w-full">
                Create account
              </Button>
            </fieldset>
          </form>
          {userType === 'freelancer' && (
            <div className="mt-5">
              <GoogleButton mode="signup" onCredential={google} />
            </div>
          )}
          <p className="mt-6 text-center text-sm text-muted">
            Already have an account?{' '}
            <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
              Log In
            </Link>
          </p>
        </AuthCard>
      )}

      {verified !== null && (
        <Suspense fallback={null}>
          <VerifiedDialog onContinue={continueToSetup} />
        </Suspense>
      )}
      {unexpected && (
        <Suspense fallback={null}>
          <UnexpectedDialog onClose={() => setUnexpected(false)} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
