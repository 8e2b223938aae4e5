export { activeMembers } from './active-members';
export * from './docs';
export { identityProjector } from './identity.projector';
