import { useEffect, useState } from 'react';

import { takeStartUpSessionRequest } from './startUp';
import { useSession } from './useSession';

/**
 * The app root's subscription to the current user, with refetch-on-mount (§4). The start-up's own
 * request, made just before this first mount (main.tsx), is that fetch on mount: it is held for as
 * long as the root is, and not asked again.
 */
export function SessionBootstrap() {
  const [startUp] = useState(takeStartUpSessionRequest);
  useSession({ bootstrap: !startUp });
  useEffect(() => () => startUp?.unsubscribe(), [startUp]);
  return null;
}
