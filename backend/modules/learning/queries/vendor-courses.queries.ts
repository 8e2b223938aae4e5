import { MediaLinks, MediaQueries } from '@modules/media';
import { Inject, Injectable } from '@nestjs/common';
import { formatKes } from '@platform/money';
import type { ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { type CourseDoc, COURSES, probedLessonSeconds } from '@projections/learning';

import type { CourseDraft, LessonVideoPreview } from '../views';
import { ratingText } from './course-card';

/** A teacher's own courses as the course editor reads them (drafts included, media ids and URLs). */
@Injectable()
export class VendorCoursesQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly media: MediaQueries,
    private readonly links: MediaLinks,
  ) {}

  /**
   * The teacher's own video as the editor previews it, with the URLs the lesson player gets for the
   * course's teacher (MediaLinks: signed for them while a locked lesson shows it). null for anything
   * else: another member's upload, an image, an unknown id.
   */
  async lessonVideo(teacherId: string, mediaId: string): Promise<LessonVideoPreview | null> {
    const doc = await this.media.get(mediaId);
    if (!doc || doc.ownerId !== teacherId || doc.kind !== 'video') return null;
    const [view] = await this.links.views([doc.id], teacherId);
    if (!view) return null;
    return {
      mediaId: doc.id,
      status: doc.status,
      url: doc.status === 'ready' ? view.url : null,
      posterUrl: view.posterUrl,
      durationSec: doc.durationSeconds === null ? null : probedLessonSeconds(doc.durationSeconds),
      expiresAt: view.expiresAt,
      error: doc.error?.message ?? null,
    };
  }

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
