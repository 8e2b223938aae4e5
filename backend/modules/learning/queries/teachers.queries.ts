import type { Role } from '@modules/identity';
import { AuthorsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { TEACHER_APPLICATIONS, type TeacherApplicationDoc } from '@projections/learning';

import type { VendorApplication, VendorApplicationStatus, VendorStatus } from '../views';
import { userRef } from './course-card';

/** Vendor status and the moderators' list of applications, from the teachers read model. */
@Injectable()
export class TeachersQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly authors: AuthorsQuery,
  ) {}

  private get applications() {
    return this.readModels.collection<TeacherApplicationDoc>(TEACHER_APPLICATIONS);
  }

  async status(user: { id: string; role: Role }): Promise<VendorStatus> {
    const doc = await this.applications.get(user.id);
    return {
      isVendor: doc?.status === 'approved' || user.role === 'vendor',
      status: doc?.status ?? 'none',
      application: doc && {
        bio: doc.bio,
        topics: doc.topics,
        priceRange: doc.priceRange,
        submittedAt: doc.submittedAt,
        rejectionReason: doc.rejectionReason,
      },
    };
  }

  async application(userId: string): Promise<VendorApplication | null> {
    const doc = await this.applications.get(userId);
    return doc ? (await this.views([doc]))[0]! : null;
  }

  /** Oldest first: the queue moderators work through. */
  async list(status: VendorApplicationStatus | null): Promise<VendorApplication[]> {
    const docs = await findAll(this.applications, {
      ...(status ? { where: { status } } : {}),
      sort: { field: 'submittedAt', direction: 'asc' },
    });
    return this.views(docs);
  }

  private async views(docs: TeacherApplicationDoc[]): Promise<VendorApplication[]> {
    const authors = await this.authors.byIds(docs.map((d) => d.id));
    return docs.map((d) => ({
      userId: d.id,
      user: userRef(d.id, authors.get(d.id)),
      bio: d.bio,
      topics: d.topics,
      priceRange: d.priceRange,
      status: d.status,
      submittedAt: d.submittedAt,
      decidedAt: d.decidedAt,
      rejectionReason: d.rejectionReason,
    }));
  }
}
