export * from './docs';
export { identityProjector } from './identity.projector';
