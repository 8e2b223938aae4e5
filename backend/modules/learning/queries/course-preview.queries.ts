import { MediaQueries, shareImageOf } from '@modules/media';
import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import { type LinkPreview, PREVIEW_TITLE_CHARS, previewText } from '@platform/http/link-preview';

import { CourseDetailQueries } from './course-detail.queries';

/**
 * A course's link preview, as a signed-out visitor sees the course page (GET /api/courses/:id
 * without a session): a draft, even to its own teacher's browser, or an unknown id has none. The
 * cover is the picture.
 */
@Injectable()
export class CoursePreviews {
  constructor(
    private readonly courses: CourseDetailQueries,
    private readonly media: MediaQueries,
  ) {}

  async of(courseId: string): Promise<LinkPreview | null> {
    const course = await this.courses.visible(courseId, null).catch((err: unknown) => {
      if (err instanceof DomainError && err.status === 404) return null;
      throw err;
    });
    if (!course) return null;
    const [cover] = course.thumbnailMediaId ? await this.media.views([course.thumbnailMediaId]) : [];
    return {
      path: `/course/${course.id}`,
      title: previewText(course.title, PREVIEW_TITLE_CHARS),
      description: previewText(course.description) || previewText(`${course.title}, a course on DeenConnect`),
      type: 'website',
      image: shareImageOf(cover, previewText(course.title, 120)),
    };
  }
}
