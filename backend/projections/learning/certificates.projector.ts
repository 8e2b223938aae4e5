import type { UserEvent } from '@modules/identity/events';
import type { CertificateNames, EnrolmentEvent } from '@modules/learning/events';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { findAll } from '@platform/read-store';

import { defineProjector, type EventsOf, type ProjectionContext, type Projector } from '../runner';
import { type CertificateDoc, CERTIFICATES, CERTIFICATES_PROJECTOR, certificatesCollection } from './docs';

type Handled =
  | EventsOf<EnrolmentEvent, 'CertificateIssued' | 'CertificateRevoked'>
  | EventsOf<UserEvent, 'AccountDeleted'>;

const certificates = (ctx: ProjectionContext) => ctx.collection<CertificateDoc>(CERTIFICATES);

/**
 * Certificates of completion (issue 40), by code: what the public verification page shows, and each
 * learner's own list. The names are unsealed with the learner's key: once their account is deleted
 * (key shredded) a rebuild finds nothing to show, and the live read model drops their certificates.
 */
export function certificatesProjector(vault: PersonalDataVault): Projector {
  return defineProjector<Handled>({
    name: CERTIFICATES_PROJECTOR,
    version: 1,
    collections: [certificatesCollection],
    on: {
      async CertificateIssued({ data }, ctx) {
        const names = await vault.open<CertificateNames>(data.userId, data.sealed);
        if (!names) return;
        await certificates(ctx).upsert({
          id: data.certificateId,
          courseId: data.courseId,
          userId: data.userId,
          teacherId: data.teacherId,
          learnerName: names.learnerName,
          teacherName: names.teacherName,
          courseTitle: data.courseTitle,
          completedAt: data.completedAt,
          issuedAt: data.issuedAt,
          revokedAt: null,
        });
      },
      async CertificateRevoked({ data }, ctx) {
        await certificates(ctx).update(data.certificateId, { set: { revokedAt: data.revokedAt } });
      },
      async AccountDeleted(e, ctx) {
        const userId = e.streamId.slice('user-'.length);
        const own = await findAll(certificates(ctx), { where: { userId } });
        if (own.length) await certificates(ctx).deleteMany(own.map((c) => c.id));
      },
    },
  });
}
