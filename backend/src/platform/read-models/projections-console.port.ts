import type { DriftReport, ProjectionStatus, RebuildProgress } from '@contract';

/**
 * The projections console of moderators and admins (issue 19): what `npm run projections:status`,
 * `projections:rebuild` and `projections:verify` do, for the HTTP API. The composition root gives
 * the projections' implementation (backend/projections/console.ts); modules depend only on this.
 */
export interface ProjectionsConsole {
  status(): Promise<ProjectionStatus[]>;
  /**
   * Starts a zero-downtime rebuild in the background and answers its progress at once; null when
   * no projector has that name. A rebuild of the same projector already running is answered as is.
   */
  rebuild(name: string): Promise<RebuildProgress | null>;
  verify(): Promise<DriftReport>;
}
