export { profilesProjector } from './profiles.projector';
export * from './docs';
