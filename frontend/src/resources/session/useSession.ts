import { useAppSelector } from '@/app/hooks';

import { useGetMeQuery } from './api';
import type { User } from './types';

export interface Session {
  user: User | null;
  isLoading: boolean;
  isGuestMode: boolean;
  isError: boolean;
}

/** The current session. `bootstrap` subscribes with refetch-on-mount (the app root does this once). */
export function useSession(options: { bootstrap?: boolean } = {}): Session {
  const { data, isLoading, isError } = useGetMeQuery(undefined, {
    refetchOnMountOrArgChange: options.bootstrap ? true : false,
    refetchOnFocus: false,
    refetchOnReconnect: false,
  });
  const isGuestMode = useAppSelector((state) => state.session.isGuestMode);
  return { user: data ?? null, isLoading, isGuestMode, isError };
}
