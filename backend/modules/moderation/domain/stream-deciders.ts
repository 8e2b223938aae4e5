import { communityDecider } from '@modules/communities';
import { userDecider } from '@modules/identity';
import {
  cartDecider,
  checkoutDecider,
  courseDecider,
  enrolmentDecider,
  orderDecider,
  reviewDecider,
  teacherApplicationDecider,
} from '@modules/learning';
import { profileDecider } from '@modules/profiles';
import { commentDecider, pinDecider, postDecider, reactionDecider, voteDecider } from '@modules/social';

import { type Decider, type DomainEvent, fold } from '../../../src/platform/decider/decider';
import { caseDecider } from './case.decider';
import { contentReportDecider } from './report.decider';

/** What replaying a stream needs of its decider: where it starts and how each event moves it. */
export type Replayer = Pick<Decider<unknown, never, DomainEvent>, 'initialState' | 'evolve'>;

const replayer = <S, E extends DomainEvent>(d: Decider<S, never, E>): Replayer => d as unknown as Replayer;

/**
 * Stream prefix (the part before the first '-') to the decider of its aggregate: the audit view
 * folds a stream's events with it to show the state as of any event. Streams without one
 * (username and email reservations, media, messages, …) show their events only.
 */
export const STREAM_DECIDERS: Readonly<Record<string, Replayer>> = {
  post: replayer(postDecider),
  comment: replayer(commentDecider),
  pins: replayer(pinDecider),
  like: replayer(reactionDecider('like')),
  bookmark: replayer(reactionDecider('bookmark')),
  repost: replayer(reactionDecider('repost')),
  vote: replayer(voteDecider),
  user: replayer(userDecider),
  profile: replayer(profileDecider),
  report: replayer(contentReportDecider),
  moderation: replayer(caseDecider),
  teacher: replayer(teacherApplicationDecider),
  course: replayer(courseDecider),
  cart: replayer(cartDecider),
  order: replayer(orderDecider),
  checkout: replayer(checkoutDecider),
  enrolment: replayer(enrolmentDecider),
  review: replayer(reviewDecider),
  community: replayer(communityDecider),
};

export const streamKind = (streamId: string) => streamId.split('-', 1)[0] ?? streamId;

export const replayerOf = (streamId: string): Replayer | null => STREAM_DECIDERS[streamKind(streamId)] ?? null;

/** The state after the events given (those up to the version asked for). */
export function replay(r: Replayer, events: readonly DomainEvent[]): unknown {
  return fold(r as Decider<unknown, never, DomainEvent>, [...events]);
}
