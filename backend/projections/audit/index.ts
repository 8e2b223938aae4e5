export { auditProjector } from './audit.projector';
export * from './docs';
