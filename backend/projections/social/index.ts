export * from './docs';
export { FEED_ROOM, postCounts, postRoom } from './pushes';
export { Recount } from './recount';
export { socialProjector } from './social.projector';
export { verifyPostCounters } from './verify';
