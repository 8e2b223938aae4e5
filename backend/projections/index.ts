import type { PushOutbox } from '@platform/push/push-outbox';

import type { PersonalDataVault } from '../src/platform/privacy/personal-data-vault';
import { auditProjector } from './audit';
import { communitiesProjector } from './communities';
import { identityProjector } from './identity';
import {
  cartMembershipProjector,
  catalogueProjector,
  certificatesProjector,
  enrolmentsProjector,
  reviewsProjector,
  teachersProjector,
} from './learning';
import { learningCommerceProjector } from './learning-commerce';
import { mediaProjector } from './media';
import { messagingProjector } from './messaging';
import { moderationProjector } from './moderation';
import { notificationsProjector } from './notifications';
import { profilesProjector } from './profiles';
import { pushProjector } from './push';
import type { Projector } from './runner/projector';
import { type ChangedBy, pushingChanges } from './runner/resource-pushes';
import { searchProjector } from './search';
import { socialProjector } from './social';
import { SUPPORT_ROOM, supportProjector } from './support';
import { videoDraftsProjector, videoFeedProjector } from './video';

/** What projectors need besides the events. */
export interface ProjectorDeps {
  vault: PersonalDataVault;
  /** Where projectors stage socket pushes (absent in the CLI: a rebuild pushes nothing). */
  outbox?: PushOutbox;
}

/** Every read model of the app; the runner, rebuild CLI and query side all use this list. */
/**
 * What each projector's read model changes of its member's own state, told to them as it commits
 * (`resources_changed`, issue 40): the cart and orders, the courses they learn, their teaching.
 */
const ORDER: readonly ['orders'] = ['orders'];
const COMMERCE_CHANGES: ChangedBy = {
  CartItemAdded: ['cart'],
  CartItemRemoved: ['cart'],
  CartEmptied: ['cart'],
  OrderPlaced: ORDER,
  OrderPaymentRequested: ORDER,
  OrderPaid: ORDER,
  OrderPaymentFailed: ORDER,
  OrderExpired: ORDER,
  OrderCancelled: ORDER,
  OrderRefunded: ORDER,
  OrderRefundIssued: ORDER,
};
const ENROLMENT_CHANGES: ChangedBy = {
  EnrolmentGranted: ['courses'],
  EnrolmentRevoked: ['courses'],
  CertificateIssued: ['courses'],
  CertificateRevoked: ['courses'],
};
const TEACHER_CHANGES: ChangedBy = {
  TeacherApplicationApproved: ['teaching'],
  TeacherApplicationRejected: ['teaching'],
};
const ACCOUNT_CHANGES: ChangedBy = { RoleChanged: ['account'], EmailVerified: ['account'] };
/** The support page's totals, orphans and ledger: for whoever has it open. */
const SUPPORT_PAGE = { resources: ['donations'], room: SUPPORT_ROOM } as const;
const SUPPORT_CHANGES: ChangedBy = Object.fromEntries(
  [
    'DonationPaid',
    'DisbursementRecorded',
    'OrphanRegistered',
    'OrphanEdited',
    'AuditorAdded',
    'AuditorEdited',
    'AuditorRemoved',
  ].map((type) => [type, SUPPORT_PAGE]),
);

export function buildProjectors(deps: ProjectorDeps): Projector[] {
  const outbox = deps.outbox ?? null;
  return [
    auditProjector,
    pushingChanges(identityProjector(deps.vault, outbox), outbox, ACCOUNT_CHANGES),
    profilesProjector(deps.vault),
    socialProjector(deps.outbox ?? null),
    communitiesProjector(outbox),
    messagingProjector(deps.vault, deps.outbox ?? null),
    mediaProjector(deps.outbox ?? null),
    notificationsProjector(deps.outbox ?? null),
    videoFeedProjector,
    videoDraftsProjector,
    searchProjector(deps.vault),
    pushingChanges(teachersProjector, outbox, TEACHER_CHANGES),
    catalogueProjector,
    pushingChanges(enrolmentsProjector, outbox, ENROLMENT_CHANGES),
    certificatesProjector(deps.vault),
    reviewsProjector,
    cartMembershipProjector,
    pushingChanges(learningCommerceProjector, outbox, COMMERCE_CHANGES),
    pushingChanges(supportProjector, outbox, SUPPORT_CHANGES),
    moderationProjector,
    pushProjector,
  ];
}

export type { AuditEntry } from './audit';
export { AUDIT_COLLECTION, auditProjector } from './audit';
export { RunnerProjectionsConsole } from './console';
export type { SessionDoc, UserDoc } from './identity';
export { SESSIONS, USERS } from './identity';
export type { MediaDoc } from './media';
export { MEDIA } from './media';
export * from './runner';
