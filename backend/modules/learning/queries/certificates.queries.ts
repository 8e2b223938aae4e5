import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { type CertificateDoc, CERTIFICATES } from '@projections/learning';

import { certificateNotFound } from '../certificate-code';
import type { CertificateView } from '../views';

/** What a certificate shows anyone with its link: never the learner's id, username or anything else of theirs. */
export function certificateView(doc: CertificateDoc): CertificateView {
  return {
    id: doc.id,
    status: doc.revokedAt ? 'revoked' : 'valid',
    learnerName: doc.learnerName,
    courseId: doc.courseId,
    courseTitle: doc.courseTitle,
    teacherName: doc.teacherName,
    completedAt: doc.completedAt,
    issuedAt: doc.issuedAt,
    revokedAt: doc.revokedAt,
  };
}

/** Certificates of completion (issue 40): one by its code (public verification), or a member's own. */
@Injectable()
export class CertificatesQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  private get certificates() {
    return this.readModels.collection<CertificateDoc>(CERTIFICATES);
  }

  /** The certificate with this (normalised) code, or 404 CERTIFICATE_NOT_FOUND. */
  async byId(id: string): Promise<CertificateView> {
    const doc = await this.certificates.get(id);
    if (!doc) throw certificateNotFound();
    return certificateView(doc);
  }

  /** The member's certificates, newest first, revoked ones included (marked so). */
  async mine(userId: string): Promise<CertificateView[]> {
    const docs = await findAll(this.certificates, {
      where: { userId },
      sort: { field: 'issuedAt', direction: 'desc' },
    });
    return docs.map(certificateView);
  }
}
