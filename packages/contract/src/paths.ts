// Web routes, one catalogue. spec: auth-onboarding §2 Route list
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  terms: '/terms-condition',
  privacy: '/privacy-policy',
  freelancer: {
    login: '/freelancer/login',
    profileSetup: '/freelancer/profile-setup',
    dashboard: '/freelancer/dashboard',
    workManagement: '/freelancer/workmanagement',
    community: '/freelancer/community',
    viewProfile: '/freelancer/view-profile',
    publicView: '/freelancer/public-view',
    /** The freelancer's conversations with companies (issue 36). */
    messages: '/freelancer/messages',
  },
  company: {
    home: '/company/Home',
    viewProfile: '/company/view-profile',
    /** Company profile setup; `?tab=verification` opens its verification tab. */
    profileSetup: '/company/profile-setup',
    /** Talent search; the URL holds the query and filters (issue 20). */
    talent: '/company/talent',
    shortlists: '/company/shortlists',
    /** The spec's menu entry '/projects' (a dead link there): the company's hires in progress. */
    projects: '/company/projects',
    /** The company's conversations with candidates (issue 36). */
    messages: '/company/messages',
  },
  /** The operator console (issue 21): operators only; anyone else is sent to their home. */
  admin: {
    overview: '/admin',
    vetting: '/admin/vetting',
    documents: '/admin/documents',
    partnerRequests: '/admin/partner-requests',
    supportCalls: '/admin/support-calls',
    payouts: '/admin/payouts',
    accounts: '/admin/accounts',
    pageViews: '/admin/page-views',
    audit: '/admin/audit',
    reviews: '/admin/reviews',
    receipts: '/admin/receipts',
    releasesDue: '/admin/releases-due',
    /** The money report (issue 35 'Reports'). */
    moneyReport: '/admin/money-report',
    /** Reported messages with their threads (issue 36). */
    messageReports: '/admin/messages',
    /** Disputes of invoices to decide (issue 35). */
    disputes: '/admin/disputes',
  },
} as const;

/** A freelancer's profile as a company sees it (issue 20); `companyTalentPath(':slug')` is its route pattern. */
export const companyTalentPath = (slug: string) => `/company/talent/${slug}`;
/** Where a company verifies itself: the verification tab of profile setup. */
export const companyVerificationPath = `${paths.company.profileSetup}?tab=verification`;
/** One shortlist of the company; `shortlistPath(':shortlistId')` is its route pattern. */
export const shortlistPath = (id: string) => `/company/shortlists/${id}`;

/**
 * One conversation in the signed-in side's messages (issue 36): `conversationPath(side, ':conversationId')`
 * is its route pattern (the missed-message mail links here: messages' `conversationPagePath`).
 */
export const conversationPath = (side: 'company' | 'freelancer', id: string) =>
  `${side === 'company' ? paths.company.messages : paths.freelancer.messages}/${id}`;

/** The web path of a public profile; `publicProfilePath(':slug')` is its route pattern. issue 10 */
export const publicProfilePath = (slug: string) => `/talent/${slug}`;

export const PUBLIC_PATHS: readonly string[] = [paths.home, paths.login, paths.signup, paths.terms, paths.privacy];

/** Routes on which the background session check is skipped. spec: auth-onboarding §4 Session */
export const NO_BACKGROUND_CHECK_PATHS: readonly string[] = [
  '/login',
  '/signup',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/otp',
];

/**
 * Pages anyone may open: the session is renewed there only when the browser holds a session hint
 * (a user persisted at sign-in, dropped at logout), so a signed-out visitor's page makes no refresh
 * call and logs no 401. Public talent pages are among them (issue 19).
 */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname) || pathname.startsWith(publicProfilePath(''));
}
