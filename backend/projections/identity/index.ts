export { identityProjector } from './identity.projector';
export * from './docs';
