export * from './docs';
export { profilesProjector } from './profiles.projector';
