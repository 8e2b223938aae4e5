/** One entry of the audit history moderators replay: who did what to which stream, and why. */
export interface AuditEntry {
  id: string;
  [key: string]: unknown;
  checkpoint: string;
  streamId: string;
  streamVersion: number;
  type: string;
  actor: string | null;
  occurredAt: string;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
}

export const AUDIT_COLLECTION = 'audit_events';
