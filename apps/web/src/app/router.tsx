import { companyTalentPath, conversationPath, paths, publicProfilePath, shortlistPath } from '@talentloop/contract';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PublicOnly, RequireAuth } from '../features/session/guards.tsx';
import { COMPANY_HOME, COMPANY_PROFILE_SETUP, RequireCompany, SendClientsHome } from '../features/company/company-guards.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
// Loaded before the router listens to the history, so its Back/Forward guard runs first.
import '../lib/unsaved-changes.ts';

// The landing page loads up front (it is the first paint for most visitors); the rest is split by route.
// Pages that fetch data sit in the query-client layout; its chunk loads beside the page's own. The
// landing, legal, login and sign-up pages need no query cache, so their first load carries none.
const loadQuery = () => import('./query.tsx');
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => Promise.all([load(), loadQuery()]).then(([m]) => ({ default: m[name] })));
const WithQueryClient = named(loadQuery, 'WithQueryClient');

const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../features/auth/signup-page.tsx').then((m) => ({ default: m.SignupPage })));
const LegalTerms = lazy(() => import('../features/legal/legal-page.tsx').then((m) => ({ default: () => <m.LegalPage kind="terms" /> })));
const LegalPrivacy = lazy(() =>
  import('../features/legal/legal-page.tsx').then((m) => ({ default: () => <m.LegalPage kind="privacy" /> })),
);

const SetupLayout = named(() => import('../features/shell/setup-layout.tsx'), 'SetupLayout');
const ProfileSetupPage = named(() => import('../features/onboarding/profile-setup-page.tsx'), 'ProfileSetupPage');
// Composed here: companies' and freelancers' shell carries the messages' live stream, the unread
// badge on Messages and the count in the page title (issue 36; features do not import each other).
const AppShell = lazy(() =>
  Promise.all([import('../features/messages/messages-shell.tsx'), import('../features/shell/shell.tsx'), loadQuery()]).then(
    ([messages, shell]) => ({ default: () => <messages.MessagesShell Shell={shell.AppShell} /> }),
  ),
);
const MessagesPage = named(() => import('../features/messages/messages-page.tsx'), 'MessagesPage');
// Composed here: the dashboard carries the interviews feature's section (issue 22) and the messages'
// 'Open conversation' on the timeline (issue 36; features do not import each other).
const DashboardPage = lazy(() =>
  Promise.all([
    import('../features/talent-status/dashboard-page.tsx'),
    import('../features/interviews/freelancer-interviews.tsx'),
    import('../features/messages/timeline-link.tsx'),
    loadQuery(),
  ]).then(([page, interviews, messages]) => ({
    default: () => (
      <page.DashboardPage Interviews={interviews.FreelancerInterviewsSection} ConversationLink={messages.TimelineConversationLink} />
    ),
  })),
);
// Composed here: Work Management is the engagements feature's, with the shell's empty state when there is no work (issue 34).
const WorkManagementPage = lazy(() =>
  Promise.all([import('../features/engagements/work-management.tsx'), import('../features/shell/empty-state-page.tsx'), loadQuery()]).then(
    ([page, empty]) => ({ default: () => <page.WorkManagement EmptyState={empty.WorkManagementPage} /> }),
  ),
);
const CommunityPage = named(() => import('../features/shell/empty-state-page.tsx'), 'CommunityPage');
// Composed here: Projects carries the engagements (offers, weeks, milestones, invoices, billing details; issue 34).
const HiresPage = lazy(() =>
  Promise.all([import('../features/hires/hires-page.tsx'), import('../features/engagements/company-engagements.tsx'), loadQuery()]).then(
    ([page, engagements]) => ({
      default: () => <page.HiresPage Engagements={engagements.CompanyEngagementsSection} OfferAction={engagements.HireOffer} />,
    }),
  ),
);
// Composed here: the freelancer's profile page carries their reviews and replies (issue 22; features do not import each other).
const ViewProfilePage = lazy(() =>
  Promise.all([import('../features/profile-editor/view-profile-page.tsx'), import('../features/hires/my-reviews.tsx'), loadQuery()]).then(
    ([page, reviews]) => ({ default: () => <page.ViewProfilePage Reviews={reviews.MyReviewsSection} /> }),
  ),
);
const NotFoundPage = lazy(() => import('../features/not-found/not-found.tsx').then((m) => ({ default: m.NotFoundPage })));
const PublicViewPage = named(() => import('../features/public-profile/public-view-page.tsx'), 'PublicViewPage');
const TalentPage = named(() => import('../features/public-profile/talent-page.tsx'), 'TalentPage');
const CompanyHomePage = named(() => import('../features/company/company-home-page.tsx'), 'CompanyHomePage');
const CompanyProfileSetupPage = named(() => import('../features/company/profile-setup-page.tsx'), 'CompanyProfileSetupPage');
const ShortlistsPage = named(() => import('../features/shortlists/shortlists-page.tsx'), 'ShortlistsPage');
// Composed here: each candidate card carries the interviews feature's panel (issue 22) and the messages' 'Message' (issue 36).
const ShortlistPage = lazy(() =>
  Promise.all([
    import('../features/shortlists/shortlist-page.tsx'),
    import('../features/interviews/company-interviews.tsx'),
    import('../features/messages/message-button.tsx'),
    loadQuery(),
  ]).then(([page, interviews, messages]) => ({
    default: () => <page.ShortlistPage CandidateInterviews={interviews.CandidateInterviews} CandidateMessage={messages.MessageButton} />,
  })),
);
// Composed here: the search's cards and the profile a company opens carry the shortlists' control.
const TalentSearchPage = lazy(() =>
  Promise.all([
    import('../features/talent-search/talent-search-page.tsx'),
    import('../features/shortlists/shortlist-button.tsx'),
    loadQuery(),
  ]).then(([page, shortlist]) => ({ default: () => <page.TalentSearchPage ShortlistButton={shortlist.ShortlistButton} /> })),
);
// Composed here: the profile a company opens renders with the public profile's view and the
// shortlists' control (issue 20; features do not import each other).
const CompanyTalentPage = lazy(() =>
  Promise.all([
    import('../features/talent-search/talent-profile-page.tsx'),
    import('../features/public-profile/profile-view.tsx'),
    import('../features/shortlists/shortlist-button.tsx'),
    import('../features/interviews/company-interviews.tsx'),
    import('../features/messages/message-button.tsx'),
    loadQuery(),
  ]).then(([page, view, shortlist, interviews, messages]) => ({
    default: () => (
      <page.TalentProfilePage
        ProfileView={view.ProfileView}
        ProfileSkeleton={view.ProfileSkeleton}
        ShortlistButton={shortlist.ShortlistButton}
        ScheduleInterview={interviews.ProfileInterviewAction}
        MessageButtons={messages.ProfileMessageButtons}
      />
    ),
  })),
);
// Composed here: the company settings page gets the account feature's delete dialog (features do not import each other).
const CompanySettingsPage = lazy(() =>
  Promise.all([
    import('../features/company/settings/settings-page.tsx'),
    import('../features/account/delete-account-dialog.tsx'),
    loadQuery(),
  ]).then(([page, account]) => ({ default: () => <page.CompanySettingsPage DeleteAccountDialog={account.DeleteAccountDialog} /> })),
);

// The operator console (issue 21): the app's shell with the console's menu and badges. Composed
// here (features do not import each other); each console page loads with its own chunk.
const ConsoleShell = lazy(() =>
  Promise.all([import('../features/operator-console/console-shell.tsx'), import('../features/shell/shell.tsx'), loadQuery()]).then(
    ([console, shell]) => ({ default: () => <console.ConsoleShell Shell={shell.AppShell} /> }),
  ),
);
const ConsoleOverviewPage = named(() => import('../features/operator-console/overview-page.tsx'), 'ConsoleOverviewPage');
const AuditLogPage = named(() => import('../features/operator-console/audit/audit-page.tsx'), 'AuditLogPage');
const ReviewsPage = named(() => import('../features/operator-console/reviews/reviews-page.tsx'), 'ReviewsPage');
const PayoutsPage = named(() => import('../features/operator-console/payouts/payouts-page.tsx'), 'PayoutsPage');
const MessageReportsPage = named(
  () => import('../features/operator-console/message-reports/message-reports-page.tsx'),
  'MessageReportsPage',
);
const AccountsPage = named(() => import('../features/operator-console/accounts/accounts-page.tsx'), 'AccountsPage');
// Composed here: the vetting queue shows each profile with the public profile's own view.
const VettingQueuePage = lazy(() =>
  Promise.all([
    import('../features/operator-console/vetting/vetting-queue-page.tsx'),
    import('../features/public-profile/profile-view.tsx'),
    loadQuery(),
  ]).then(([page, view]) => ({ default: () => <page.VettingQueuePage ProfileView={view.ProfileView} /> })),
);
const DocumentsQueuePage = named(() => import('../features/operator-console/documents/documents-queue-page.tsx'), 'DocumentsQueuePage');
const PartnerRequestsPage = named(() => import('../features/operator-console/partners/partner-requests-page.tsx'), 'PartnerRequestsPage');
const SupportCallsPage = named(() => import('../features/operator-console/support-calls/support-calls-page.tsx'), 'SupportCallsPage');
const ReceiptsPage = named(() => import('../features/operator-console/receipts/receipts-page.tsx'), 'ReceiptsPage');
const ReleasesDuePage = named(() => import('../features/operator-console/receipts/releases-due-page.tsx'), 'ReleasesDuePage');
const DisputesPage = named(() => import('../features/operator-console/disputes/disputes-page.tsx'), 'DisputesPage');
const MoneyReportPage = named(() => import('../features/operator-console/reports/money-report-page.tsx'), 'MoneyReportPage');
// recharts comes with this page's chunk only.
const PageViewsPage = named(() => import('../features/operator-console/page-views/page-views-page.tsx'), 'PageViewsPage');

/** spec: auth-onboarding §2 Route list and Access rules */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<LandingPage />} />
      <Route path={paths.terms} element={<LegalTerms />} />
      <Route path={paths.privacy} element={<LegalPrivacy />} />
      {/* A signed-in company is sent to its home from these (issue 11). */}
      <Route element={<SendClientsHome />}>
        <Route element={<PublicOnly />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.signup} element={<SignupPage />} />
        </Route>
        <Route path={paths.freelancer.login} element={<Navigate to={paths.login} replace />} />
        <Route element={<WithQueryClient />}>
          <Route element={<RequireAuth />}>
            <Route element={<SetupLayout />}>
              <Route path={paths.freelancer.profileSetup} element={<ProfileSetupPage />} />
            </Route>
            <Route element={<AppShell />}>
              <Route path={paths.freelancer.dashboard} element={<DashboardPage />} />
              <Route path={paths.freelancer.workManagement} element={<WorkManagementPage />} />
              <Route path={paths.freelancer.community} element={<CommunityPage />} />
              <Route path={paths.freelancer.viewProfile} element={<ViewProfilePage />} />
              <Route path={paths.freelancer.publicView} element={<PublicViewPage />} />
              <Route path={paths.freelancer.messages} element={<MessagesPage />} />
              <Route path={conversationPath('freelancer', ':conversationId')} element={<MessagesPage />} />
            </Route>
          </Route>
        </Route>
      </Route>
      <Route element={<WithQueryClient />}>
        <Route element={<RequireCompany />}>
          <Route element={<AppShell />}>
            <Route path={COMPANY_HOME} element={<CompanyHomePage />} />
            <Route path={COMPANY_PROFILE_SETUP} element={<CompanyProfileSetupPage />} />
            <Route path="/company/view-profile" element={<CompanySettingsPage />} />
            <Route path={paths.company.talent} element={<TalentSearchPage />} />
            <Route path={companyTalentPath(':slug')} element={<CompanyTalentPage />} />
            <Route path={paths.company.shortlists} element={<ShortlistsPage />} />
            <Route path={shortlistPath(':shortlistId')} element={<ShortlistPage />} />
            <Route path={paths.company.projects} element={<HiresPage />} />
            <Route path={paths.company.messages} element={<MessagesPage />} />
            <Route path={conversationPath('company', ':conversationId')} element={<MessagesPage />} />
          </Route>
        </Route>
        {/* Operators only; anyone else is sent to their own home. issue 21 */}
        <Route element={<ConsoleShell />}>
          <Route path={paths.admin.overview} element={<ConsoleOverviewPage />} />
          <Route path={paths.admin.vetting} element={<VettingQueuePage />} />
          <Route path={paths.admin.documents} element={<DocumentsQueuePage />} />
          <Route path={paths.admin.partnerRequests} element={<PartnerRequestsPage />} />
          <Route path={paths.admin.supportCalls} element={<SupportCallsPage />} />
          <Route path={paths.admin.receipts} element={<ReceiptsPage />} />
          <Route path={paths.admin.releasesDue} element={<ReleasesDuePage />} />
          <Route path={paths.admin.disputes} element={<DisputesPage />} />
          <Route path={paths.admin.moneyReport} element={<MoneyReportPage />} />
          <Route path={paths.admin.accounts} element={<AccountsPage />} />
          <Route path={paths.admin.pageViews} element={<PageViewsPage />} />
          <Route path={paths.admin.audit} element={<AuditLogPage />} />
          <Route path={paths.admin.reviews} element={<ReviewsPage />} />
          <Route path={paths.admin.payouts} element={<PayoutsPage />} />
          <Route path={paths.admin.messageReports} element={<MessageReportsPage />} />
        </Route>
        {/* The public link opens signed in or out. issue 10 */}
        <Route path={publicProfilePath(':slug')} element={<TalentPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
