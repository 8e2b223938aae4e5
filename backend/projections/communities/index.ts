export { communitiesProjector } from './communities.projector';
export * from './docs';
export { readsCommunity } from './readers';
export { CommunityRecount } from './recount';
export { verifyCommunityCounts } from './verify';
export { prefixesOf, wordsOf } from './words';
