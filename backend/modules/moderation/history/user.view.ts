import type { UserHistoryView } from '@contract';
import type { PersonalData, UserEvent } from '@modules/identity';

import {
  ERASED,
  type HistoryView,
  isUnreadable,
  type Opened,
  type SeenEvent,
  type Unsealed,
  type ViewContext,
} from './types';

export type OpenedUserEvent = Unsealed<UserEvent, Omit<PersonalData, 'passwordHash'>>;

/**
 * A member's account as others saw it: name, role, suspension and deletion. Sessions, tokens and the
 * email are not part of what members saw; the name reads "erased" once the key is shredded.
 */
export function foldUser(events: readonly SeenEvent<OpenedUserEvent>[], ctx: ViewContext): UserHistoryView | null {
  let view: UserHistoryView | null = null;
  const name = (personal: Opened<{ displayName: string }>) => (isUnreadable(personal) ? ERASED : personal.displayName);
  for (const e of events) {
    if (e.type === 'UserRegistered') {
      const d = e.data;
      view = {
        kind: 'user',
        userId: d.userId,
        username: d.username,
        displayName: name(d.personal),
        role: d.role,
        registeredAt: d.registeredAt,
        emailVerified: false,
        suspended: null,
        deletedAt: null,
        erasedAt: isUnreadable(d.personal) ? ctx.erasedAt : null,
      };
      continue;
    }
    if (!view) continue;
    switch (e.type) {
      case 'EmailVerified':
        view = { ...view, emailVerified: true };
        break;
      case 'PasswordReset':
        // The reset re-seals the same name: only an erasure shows here.
        if (isUnreadable(e.data.personal)) view = { ...view, displayName: ERASED, erasedAt: ctx.erasedAt };
        break;
      case 'RoleChanged':
        view = { ...view, role: e.data.role };
        break;
      case 'MemberSuspended': {
        const d = e.data;
        view = { ...view, suspended: { until: d.until, reason: d.reason, by: d.moderatorId, at: d.at } };
        break;
      }
      case 'MemberUnsuspended':
        view = { ...view, suspended: null };
        break;
      case 'AccountDeleted':
        view = { ...view, deletedAt: e.data.deletedAt };
        break;
      // Tokens and sessions: nothing another member saw.
      case 'EmailVerificationIssued':
      case 'PasswordResetRequested':
      case 'SessionStarted':
      case 'SessionEnded':
        break;
    }
  }
  return view;
}

export const userView: HistoryView<UserHistoryView, OpenedUserEvent> = {
  needs: ['erasure'],
  fold: foldUser,
};
