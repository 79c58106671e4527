import { isClient, paths, stageDestination } from '@talentloop/contract';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session-store.ts';

// Role gates of the router (the server refuses the same calls with 403). issue 11: freelancer pages
// refuse clients and company pages refuse freelancers, each sent to its own home.

export const COMPANY_HOME = paths.company.home;
export const COMPANY_PROFILE_SETUP = paths.company.profileSetup;

export { isClient };

/** Wraps the public-only and freelancer routes: a signed-in company goes to its home instead. */
export function SendClientsHome() {
  const user = useSession((s) => s.user);
  if (user && isClient(user.roles)) return <Navigate to={COMPANY_HOME} replace />;
  return <Outlet />;
}

/** Company pages: no session -> /login; a freelancer -> where its onboarding stage says. */
export function RequireCompany() {
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to={paths.login} replace />;
  if (!isClient(user.roles)) return <Navigate to={stageDestination(user.onBoardingStage)} replace />;
  return <Outlet />;
}
