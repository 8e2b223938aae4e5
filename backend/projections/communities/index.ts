export { communitiesProjector } from './communities.projector';
export * from './docs';
export { prefixesOf, wordsOf } from './words';
export { CommunityRecount } from './recount';
export { verifyCommunityCounts } from './verify';
