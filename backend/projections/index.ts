import { auditProjector } from './audit';
import { identityProjector } from './identity';
import { socialProjector } from './social';
import { profilesProjector } from './profiles';
import { messagingProjector } from './messaging';
import { mediaProjector } from './media';
import { notificationsProjector } from './notifications';
import { videoDraftsProjector, videoFeedProjector } from './video';
import type { Projector } from './runner/projector';
import type { PushOutbox } from '@platform/push/push-outbox';
import type { PersonalDataVault } from '../src/platform/privacy/personal-data-vault';

/** What projectors need besides the events. */
export interface ProjectorDeps {
  vault: PersonalDataVault;
  /** Where projectors stage socket pushes (absent in the CLI: a rebuild pushes nothing). */
  outbox?: PushOutbox;
}

/** Every read model of the app; the runner, rebuild CLI and query side all use this list. */
export function buildProjectors(deps: ProjectorDeps): Projector[] {
  return [auditProjector, identityProjector(deps.vault, deps.outbox ?? null), profilesProjector(deps.vault), socialProjector(deps.outbox ?? null), messagingProjector(deps.vault, deps.outbox ?? null), mediaProjector(deps.outbox ?? null), notificationsProjector(deps.outbox ?? null), videoFeedProjector, videoDraftsProjector];
}

export * from './runner';
export { auditProjector, AUDIT_COLLECTION } from './audit';
export type { AuditEntry } from './audit';
export { USERS, SESSIONS } from './identity';
export type { UserDoc, SessionDoc } from './identity';
export { MEDIA } from './media';
export type { MediaDoc } from './media';
