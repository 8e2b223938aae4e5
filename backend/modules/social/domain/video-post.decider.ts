import { type Decider, DomainError } from '@platform/decider/decider';

import type { VideoPostEvent, VideoPostSubmittedData } from '../events';

export interface VideoPostState {
  submitted: VideoPostSubmittedData | null;
}

export type VideoPostCommand = { type: 'SubmitVideoPost'; post: VideoPostSubmittedData };

/** A post gets its video settings once, before the post itself is created. */
export const videoPostDecider: Decider<VideoPostState, VideoPostCommand, VideoPostEvent> = {
  initialState: () => ({ submitted: null }),
  evolve: (_state, event) => ({ submitted: event.data }),
  decide(state, command) {
    if (state.submitted) throw new DomainError('POST_EXISTS', 'This post already exists', 409);
    return [{ type: 'VideoPostSubmitted', data: command.post }];
  },
};

/** Whether new comments are taken: only a video post whose author turned them off refuses them. */
export const commentsAllowed = (state: VideoPostState) => state.submitted?.allowComments !== false;
