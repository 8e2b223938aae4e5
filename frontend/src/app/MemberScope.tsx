import { Fragment, type ReactNode } from 'react';

import { useAppSelector } from './hooks';

/**
 * Remounts its children when a member leaves (memberScope.ts), so no screen keeps the old member's
 * component state: a half-written message, a failed message waiting in the outbox, an open dialog.
 */
export function MemberScope({ children }: { children: ReactNode }) {
  const scope = useAppSelector((state) => state.member.scope);
  return <Fragment key={scope}>{children}</Fragment>;
}
