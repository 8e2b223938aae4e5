export * from './docs';
export { mediaProjector } from './media.projector';
export type { MediaView } from './views';
export { canViewMedia, communityGuardOf, courseGuardOf, isRestrictedMedia, toMediaView } from './views';
