import { MediaQueries } from '@modules/media';
import { Inject, Injectable } from '@nestjs/common';
import { formatKes } from '@platform/money';
import type { ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { type CourseDoc, COURSES } from '@projections/learning';

import type { CourseDraft } from '../views';
import { ratingText } from './course-card';

/** A teacher's own courses as the course editor reads them (drafts included, media ids and URLs). */
@Injectable()
export class VendorCoursesQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly media: MediaQueries,
  ) {}

  /** Newest first. */
  async list(teacherId: string): Promise<CourseDraft[]> {
    const docs = await findAll(this.readModels.collection<CourseDoc>(COURSES), {
      where: { teacherId },
      sort: { field: 'createdAt', direction: 'desc' },
    });
    return this.drafts(docs, teacherId);
  }

  /** null when the course is unknown; the caller tells a stranger 403. */
  async doc(courseId: string): Promise<CourseDoc | null> {
    return this.readModels.collection<CourseDoc>(COURSES).get(courseId);
  }

  async drafts(docs: CourseDoc[], teacherId: string): Promise<CourseDraft[]> {
    const ids = docs.flatMap((d) => [d.thumbnailMediaId, d.previewVideoMediaId]).filter((m): m is string => !!m);
    const views = new Map((ids.length ? await this.media.views(ids, teacherId) : []).map((m) => [m.id, m]));
    const url = (id: string | null) => (id ? (views.get(id)?.url ?? null) : null);
    return docs.map((d) => ({
      id: d.id,
      title: d.title,
      description: d.description,
      category: d.category,
      level: d.level,
      price: formatKes(d.price),
      promoPrice: d.promoPrice === null ? null : formatKes(d.promoPrice),
      thumbnailMediaId: d.thumbnailMediaId,
      thumbnailImage: url(d.thumbnailMediaId),
      previewVideoMediaId: d.previewVideoMediaId,
      previewVideoUrl: url(d.previewVideoMediaId),
      whatYouWillLearn: d.whatYouWillLearn,
      sections: d.sections,
      isPublished: d.published,
      totalStudents: d.students,
      rating: ratingText(d.ratingSum, d.ratingCount),
      updatedAt: d.updatedAt,
    }));
  }
}
