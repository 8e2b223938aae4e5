import { auditProjector } from './audit/audit.projector';
import { identityProjector } from './identity/identity.projector';
import { socialProjector } from './social/social.projector';
import { profilesProjector } from './profiles/profiles.projector';
import { messagingProjector } from './messaging/messaging.projector';
import { mediaProjector } from './media/media.projector';
import { notificationsProjector } from './notifications/notifications.projector';
import { videoDraftsProjector } from './video/video-drafts.projector';
import { videoFeedProjector } from './video/video-feed.projector';
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
export { auditProjector, AUDIT_COLLECTION } from './audit/audit.projector';
export type { AuditEntry } from './audit/audit.projector';
export { USERS, SESSIONS } from './identity/identity.projector';
export type { UserDoc, SessionDoc } from './identity/identity.projector';
export { MEDIA } from './media/media.projector';
export type { MediaDoc } from './media/media.projector';
