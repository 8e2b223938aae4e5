export * from './docs';
export { pushProjector } from './push.projector';
