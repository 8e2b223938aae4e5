import type { UserEvent } from '@modules/identity/events';
import type { CommentEvent, PinEvent, PostEvent, ReactionEvent, ReportEvent, VoteEvent } from '@modules/social/events';

import type { HidingEvent } from '../relationships';
import type { EventsOf, Recorded } from '../runner';

/** The events the social read model follows. */
export type SocialEvent =
  | PostEvent
  | PinEvent
  | VoteEvent
  | CommentEvent
  | ReportEvent
  | ReactionEvent
  // The author's verification reveals their limited posts; a deleted account takes its posts along.
  | EventsOf<UserEvent, 'EmailVerified' | 'AccountDeleted'>
  // Blocks and mutes change no document here, only who hears of new posts (stageHideRoomChanges).
  | HidingEvent;

/** The post an event is about, if any (an author's account or a block is about none). */
export const postIdOf = (event: Recorded<SocialEvent>): string | null =>
  'postId' in event.data ? event.data.postId : null;
