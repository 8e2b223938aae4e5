export * from './docs';
export { messagingProjector } from './messaging.projector';
