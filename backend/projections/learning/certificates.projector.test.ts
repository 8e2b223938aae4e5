import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';

import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { certificatesProjector } from './certificates.projector';
import { type CertificateDoc, CERTIFICATES, type EnrolmentDoc, ENROLMENTS } from './docs';
import { enrolmentsProjector } from './enrolments.projector';

const U = '0190d7c4-0000-7000-8000-0000000000a1';
const OTHER = '0190d7c4-0000-7000-8000-0000000000a2';
const T = '0190d7c4-0000-7000-8000-0000000000b1';
const C = '0190d7c4-0000-7000-8000-0000000000c1';
const C2 = '0190d7c4-0000-7000-8000-0000000000c2';
const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-28T10:00:00.000Z';
const CODE = 'K7M2Q9X4B8C3D5F6';

type Deps = { vault: PersonalDataVault };
const spec = () => projectionSpec(({ vault }: Deps) => certificatesProjector(vault), projectorDeps);

/** The learner's key, and a certificate issued to them with their names sealed under it. */
const issued =
  (userId: string, courseId: string, certificateId: string, learnerName: string) =>
  async ({ deps: { vault } }: { deps: Deps }) => {
    await vault.createKey(userId).catch(() => undefined);
    const sealed = await vault.seal(userId, { learnerName, teacherName: 'Shaykh Umar' });
    return inStream(`enrolment-${courseId}-${userId}`, {
      type: 'CertificateIssued',
      data: {
        certificateId,
        courseId,
        userId,
        teacherId: T,
        courseTitle: 'Foundations of Fiqh',
        completedAt: AT,
        issuedAt: AT,
        sealed,
      },
    });
  };
const revoked = (userId: string, courseId: string, certificateId: string) =>
  inStream(`enrolment-${courseId}-${userId}`, {
    type: 'CertificateRevoked',
    data: { certificateId, courseId, userId, orderId: 'o1', reason: 'refund', revokedAt: LATER },
  });

describe('learning-certificates projector', () => {
  it('keeps a certificate by its code with the names unsealed, and marks it revoked by a refund', async () => {
    const given = spec().given(issued(U, C, CODE, 'Amina Yusuf'));
    await given.then<CertificateDoc>(CERTIFICATES, CODE, {
      userId: U,
      courseId: C,
      learnerName: 'Amina Yusuf',
      teacherName: 'Shaykh Umar',
      courseTitle: 'Foundations of Fiqh',
      completedAt: AT,
      revokedAt: null,
    });
    await given
      .given(revoked(U, C, CODE))
      .inBatchesOf(1)
      .then(async ({ collection, replay }) => {
        expect(await collection<CertificateDoc>(CERTIFICATES).get(CODE)).toMatchObject({ revokedAt: LATER });
        // Rebuilt from the log: the same document.
        const rebuilt = await replay();
        expect(await rebuilt<CertificateDoc>(CERTIFICATES).get(CODE)).toMatchObject({
          learnerName: 'Amina Yusuf',
          revokedAt: LATER,
        });
      });
  });

  it("drops a deleted member's certificates, and a rebuild after the key is shredded shows none", async () => {
    await spec()
      .given(issued(U, C, CODE, 'Amina Yusuf'))
      .given(issued(U, C2, 'ZZZZ0000ZZZZ0000', 'Amina Yusuf'))
      .given(issued(OTHER, C, 'OTHER00000000000', 'Bilal'))
      .given(async ({ deps: { vault } }) => {
        await vault.shred(U);
        return inStream(`user-${U}`, { type: 'AccountDeleted', data: { deletedAt: LATER } });
      })
      .then(async ({ docs, replay }) => {
        expect((await docs<CertificateDoc>(CERTIFICATES)).map((d) => d.id)).toEqual(['OTHER00000000000']);
        const rebuilt = await replay();
        expect(await rebuilt<CertificateDoc>(CERTIFICATES).get(CODE)).toBeNull();
        expect(await rebuilt<CertificateDoc>(CERTIFICATES).get('OTHER00000000000')).not.toBeNull();
      });
  });
});

describe('learning-enrolments projector: the certificate that stands', () => {
  const stream = `enrolment-${C}-${U}`;
  const granted = {
    type: 'EnrolmentGranted',
    data: { courseId: C, userId: U, teacherId: T, source: { kind: 'order', orderId: 'o1' }, enrolledAt: AT },
  };
  const certificate = (certificateId: string) => ({
    type: 'CertificateIssued',
    data: {
      certificateId,
      courseId: C,
      userId: U,
      teacherId: T,
      courseTitle: 'Fiqh',
      completedAt: AT,
      issuedAt: AT,
      sealed: 'v1.x',
    },
  });

  it('names the certificate on the enrolment until its revoke, and a new one after enrolling again', async () => {
    const given = projectionSpec(enrolmentsProjector).given(inStream(stream, granted, certificate(CODE)));
    await given.then<EnrolmentDoc>(ENROLMENTS, `${C}:${U}`, { certificateId: CODE });
    const refunded = given.given(revoked(U, C, CODE));
    await refunded.then<EnrolmentDoc>(ENROLMENTS, `${C}:${U}`, { certificateId: null });
    await refunded
      .given(inStream(stream, granted, certificate('NEW0000000000000'), ...revoked(U, C, CODE)))
      .then<EnrolmentDoc>(ENROLMENTS, `${C}:${U}`, { certificateId: 'NEW0000000000000' });
  });
});
