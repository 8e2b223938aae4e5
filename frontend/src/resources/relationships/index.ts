/** Relationships between members: follow, block and mute, and the follow button's state. */
export { type FollowButtonLabel, followButtonLabel, shiftCount } from './followState';
export * from './relationshipsApi';
