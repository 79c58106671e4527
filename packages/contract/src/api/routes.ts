// Method and path of the calls the web app makes before its first screen (session refresh, logout,
// page views) or from its auth screens, kept free of zod so those screens do not load the schema
// library up front. The endpoints in this folder spread these, so each path is still written once.
export const ROUTES = {
  refresh: { method: 'GET', path: '/auth/refresh', auth: false },
  logout: { method: 'GET', path: '/auth/logout', auth: false },
  pageView: { method: 'POST', path: '/analytics/page-view', auth: false },
  // The login, sign-up and reset screens call these; their schemas load only when a form is checked.
  login: { method: 'POST', path: '/auth/login', auth: false },
  googleSignIn: { method: 'POST', path: '/auth/google-signin', auth: false },
  googleSignUp: { method: 'POST', path: '/auth/google-signup', auth: false },
  requestPasswordReset: { method: 'POST', path: '/auth/request-password-reset', auth: false },
  register: { method: 'POST', path: '/user/register', auth: false },
  passwordReset: { method: 'POST', path: '/user/password-reset', auth: false },
  otpVerify: { method: 'POST', path: '/otp/verify', auth: false },
  otpResend: { method: 'POST', path: '/otp/resend', auth: false },
  config: { method: 'GET', path: '/config', auth: false },
  // The landing's pool size (issue 20).
  poolSize: { method: 'GET', path: '/public/talent-pool', auth: false },
} as const;
