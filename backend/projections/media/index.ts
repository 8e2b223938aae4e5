export { mediaProjector } from './media.projector';
export * from './docs';
export { canViewMedia, isRestrictedMedia, toMediaView } from './views';
export type { MediaView } from './views';
