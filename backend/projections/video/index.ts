export { videoDraftsProjector } from './video-drafts.projector';
export { videoFeedProjector } from './video-feed.projector';
export * from './docs';
