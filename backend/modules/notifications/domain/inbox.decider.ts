import { type Decider } from '@platform/decider/decider';

import type { InboxEvent } from '../events';

export type InboxCommand =
  | { type: 'MarkRead'; notificationId: string; at: string }
  | { type: 'MarkAllRead'; at: string }
  | { type: 'Delete'; notificationId: string; at: string };

/** Only what the decider needs to keep repeated calls from writing again. */
export interface InboxState {
  read: string[];
  deleted: string[];
}

export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  initialState: () => ({ read: [], deleted: [] }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'NotificationRead':
        return { ...s, read: [...s.read, e.data.notificationId] };
      case 'NotificationDeleted':
        return { ...s, deleted: [...s.deleted, e.data.notificationId] };
      case 'AllNotificationsRead':
        return s;
    }
  },
  decide: (s, c) => {
    switch (c.type) {
      case 'MarkRead':
        return s.deleted.includes(c.notificationId)
          ? []
          : [{ type: 'NotificationRead', data: { notificationId: c.notificationId, at: c.at } }];
      case 'MarkAllRead':
        return [{ type: 'AllNotificationsRead', data: { at: c.at } }];
      case 'Delete':
        return s.deleted.includes(c.notificationId)
          ? []
          : [{ type: 'NotificationDeleted', data: { notificationId: c.notificationId, at: c.at } }];
    }
  },
};
