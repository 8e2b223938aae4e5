import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { useSession } from './useSession';

/**
 * Runs an action for a signed-in member and sends a guest to /auth (§4, §6). While the session is
 * still being asked for, a tap does nothing rather than treat a member as a guest.
 */
export function useMemberGate(): (action: () => void) => void {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  return useCallback(
    (action: () => void) => {
      if (user) action();
      else if (!isLoading) void navigate('/auth');
    },
    [user, isLoading, navigate],
  );
}
