export * from './docs';
export { moderationProjector } from './moderation.projector';
