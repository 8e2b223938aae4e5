export { messagingProjector } from './messaging.projector';
export * from './docs';
