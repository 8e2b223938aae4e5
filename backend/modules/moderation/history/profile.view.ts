import type { ProfileHistoryView } from '@contract';
import type { ProfileEvent, ProfileFields } from '@modules/profiles';

import { ERASED, type HistoryView, isUnreadable, type SeenEvent, type Unsealed, type ViewContext } from './types';

export type OpenedProfileEvent = Unsealed<ProfileEvent, Partial<ProfileFields>>;

const FIELDS = ['displayName', 'bio', 'location', 'website', 'avatarUrl', 'bannerUrl'] as const;

/**
 * A profile as members saw it. Each update names the fields it changed; once the member's key is
 * shredded those fields read "erased" (the words are gone from the log for good).
 */
export function foldProfile(
  events: readonly SeenEvent<OpenedProfileEvent>[],
  ctx: ViewContext,
): ProfileHistoryView | null {
  let view: ProfileHistoryView | null = null;
  for (const e of events) {
    if (e.type !== 'ProfileUpdated') continue;
    const d = e.data;
    view ??= {
      kind: 'profile',
      userId: d.userId,
      displayName: null,
      bio: null,
      location: null,
      website: null,
      avatarUrl: null,
      bannerUrl: null,
      updatedAt: null,
      erasedAt: null,
    };
    view = { ...view, updatedAt: d.updatedAt };
    const personal = d.personal;
    for (const field of FIELDS) {
      if (!d.fields.includes(field)) continue;
      view[field] = isUnreadable(personal) ? ERASED : (personal[field] ?? null);
    }
    if (isUnreadable(personal)) view.erasedAt = ctx.erasedAt;
  }
  return view;
}

export const profileView: HistoryView<ProfileHistoryView, OpenedProfileEvent> = {
  needs: ['erasure'],
  fold: foldProfile,
};
