import { auditProjector } from './audit/audit.projector';
import type { Projector } from './runner/projector';

/** Every read model of the app; the runner, rebuild CLI and query side all use this list. */
export const projectors: readonly Projector[] = [auditProjector];

export * from './runner';
export { auditProjector, AUDIT_COLLECTION } from './audit/audit.projector';
export type { AuditEntry } from './audit/audit.projector';
