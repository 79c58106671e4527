import { COMPLETED, paths, stageDestination } from '@talentloop/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store.ts';

/** Signed-in users are sent where their onboarding stage says. spec: §2 Access rules */
export function PublicOnly() {
  const user = useSession((s) => s.user);
  if (user) {
    const destination = stageDestination(user.onBoardingStage);
    // An unknown stage would bounce between /login and its fallback; let such a user log in again.
    if (destination !== paths.freelancer.login) return <Navigate to={destination} replace />;
  }
  return <Outlet />;
}

/** Guarded pages: no session -> /login; setup incomplete -> its stage; setup done -> not the wizard. */
export function RequireAuth() {
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  if (!user) return <Navigate to={paths.login} replace />;
  const completed = user.onBoardingStage === COMPLETED;
  const onSetup = pathname === paths.freelancer.profileSetup;
  if (completed && onSetup) return <Navigate to={paths.freelancer.dashboard} replace />;
  if (!completed && !onSetup) return <Navigate to={stageDestination(user.onBoardingStage)} replace />;
  return <Outlet />;
}
