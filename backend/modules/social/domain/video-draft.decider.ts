import { type Decider, DomainError } from '@platform/decider/decider';

import type { VideoDraftEvent, VideoDraftSavedData } from '../events';

export interface VideoDraftState {
  draft: VideoDraftSavedData | null;
  deleted: boolean;
}

export type VideoDraftCommand =
  | { type: 'SaveDraft'; draft: Omit<VideoDraftSavedData, 'createdAt'>; actorId: string }
  | { type: 'DeleteDraft'; actorId: string; now: string };

export const DRAFT_MESSAGES = {
  nothingToSave: 'Nothing to save: Add a video or caption to save as draft.',
  notFound: 'Draft not found',
} as const;

const notFound = () => new DomainError('DRAFT_NOT_FOUND', DRAFT_MESSAGES.notFound, 404);

/**
 * A member's video draft: saved (created or overwritten) and deleted by its owner only. Someone
 * else's draft id answers 404, as if it did not exist. A draft needs a video or a caption.
 */
export const videoDraftDecider: Decider<VideoDraftState, VideoDraftCommand, VideoDraftEvent> = {
  initialState: () => ({ draft: null, deleted: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'VideoDraftSaved':
        return { draft: event.data, deleted: false };
      case 'VideoDraftDeleted':
        return { ...state, deleted: true };
    }
  },
  decide(state, command) {
    const live = state.draft && !state.deleted;
    if (live && state.draft!.userId !== command.actorId) throw notFound();
    switch (command.type) {
      case 'SaveDraft': {
        if (state.deleted || (state.draft && state.draft.userId !== command.actorId)) throw notFound();
        const d = command.draft;
        if (!d.caption.trim() && !d.videoFile && !d.mediaId)
          throw new DomainError('NOTHING_TO_SAVE', DRAFT_MESSAGES.nothingToSave, 400);
        return [{ type: 'VideoDraftSaved', data: { ...d, createdAt: state.draft?.createdAt ?? d.savedAt } }];
      }
      case 'DeleteDraft':
        if (!live) throw notFound();
        return [
          {
            type: 'VideoDraftDeleted',
            data: { draftId: state.draft!.draftId, userId: state.draft!.userId, at: command.now },
          },
        ];
    }
  },
};
