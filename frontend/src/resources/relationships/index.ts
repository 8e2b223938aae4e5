/** Relationships between members: follow, block and mute, and the follow button's state. */
export * from './relationshipsApi';
export { followButtonLabel, shiftCount, type FollowButtonLabel } from './followState';
