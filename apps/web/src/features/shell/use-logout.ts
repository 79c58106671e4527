import { paths } from '@talentloop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/api-client.ts';

/** Logout clears the token and the user and goes to /login. spec: auth-onboarding §2 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await logout();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
    navigate(paths.login, { replace: true });
  };
}
