export * from './docs';
export { foldTag, searchProjector } from './search.projector';
