export * from './docs';
export { videoDraftsProjector } from './video-drafts.projector';
export { videoFeedProjector } from './video-feed.projector';
