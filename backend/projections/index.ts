import { auditProjector } from './audit/audit.projector';
import { identityProjector } from './identity/identity.projector';
import { socialProjector } from './social/social.projector';
import { profilesProjector } from './profiles/profiles.projector';
import type { Projector } from './runner/projector';
import type { PersonalDataVault } from '../src/platform/privacy/personal-data-vault';

/** What projectors need besides the events. */
export interface ProjectorDeps {
  vault: PersonalDataVault;
}

/** Every read model of the app; the runner, rebuild CLI and query side all use this list. */
export function buildProjectors(deps: ProjectorDeps): Projector[] {
  return [auditProjector, identityProjector(deps.vault), profilesProjector(deps.vault), socialProjector];
}

export * from './runner';
export { auditProjector, AUDIT_COLLECTION } from './audit/audit.projector';
export type { AuditEntry } from './audit/audit.projector';
export { USERS, SESSIONS } from './identity/identity.projector';
export type { UserDoc, SessionDoc } from './identity/identity.projector';
