import type { ChangedResource } from '@contract';

import { api, type TagType } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { SOCKET_EVENTS, useSocketConnect, useSocketEvent } from '@/resources/realtime';

/**
 * The uploader (and a private file's audience) hears when a video or image is ready (or failed): the
 * lists that show it are fetched again, so the poster or 'Processing…' gives way to the file.
 */
export function useMediaPushes(): void {
  const dispatch = useAppDispatch();
  const refresh = () => dispatch(api.util.invalidateTags(['Post', 'Feed', 'ProfileTab', 'Message']));
  useSocketEvent(SOCKET_EVENTS.mediaProcessed, refresh);
  useSocketEvent(SOCKET_EVENTS.mediaFailed, refresh);
}

/** A session ended elsewhere (signed out, password reset, account deleted): ask who we are now. */
export function useSessionEndedPush(): void {
  const dispatch = useAppDispatch();
  useSocketEvent(SOCKET_EVENTS.sessionEnded, () => dispatch(api.util.invalidateTags(['Me'])));
}

/** The cached answers each changed resource stands behind (contract/socket.ts ChangedResource). */
export const TAGS_OF: Record<ChangedResource, readonly TagType[]> = {
  cart: ['Cart', 'Course'],
  orders: ['Order'],
  courses: ['StudentCourses', 'Course', 'CourseList'],
  teaching: ['VendorStatus', 'VendorApplication', 'VendorCourse', 'Me'],
  account: ['Me'],
  donations: ['Ledger', 'Orphan', 'DonationsStatus'],
};

const ALL_TAGS = [...new Set(Object.values(TAGS_OF).flat())];

/**
 * The server changed something of the member's own (an order paid, a course granted, a teacher
 * approved): the screens showing it fetch it again, with no reload (issue 40). These pushes are not
 * resumable, so at each connect (the first one comes a while after the first screen's reads) the
 * screens on show fetch them again: only queries in use are refetched, and an unchanged answer
 * re-renders nothing.
 */
export function useResourcesChangedPush(): void {
  const dispatch = useAppDispatch();
  useSocketConnect(() => dispatch(api.util.invalidateTags(ALL_TAGS)));
  useSocketEvent(SOCKET_EVENTS.resourcesChanged, ({ resources }) => {
    const tags = [...new Set(resources.flatMap((resource) => TAGS_OF[resource] ?? []))];
    if (tags.length) dispatch(api.util.invalidateTags(tags));
  });
}
