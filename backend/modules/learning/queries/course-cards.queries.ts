import { MediaQueries } from '@modules/media';
import { AuthorsQuery } from '@modules/profiles';
import { Injectable } from '@nestjs/common';

import { CourseCards } from '../course-cards';
import type { CourseCard } from '../views';
import { CatalogueIndex } from './catalogue-index';
import { type CardContext, toCourseCard } from './course-card';

type Source = Parameters<typeof toCourseCard>[0];

/**
 * Course cards from the catalogue's in-memory copy, hydrated with one batched lookup of teachers and
 * one of media per call (never one per course).
 */
@Injectable()
export class CatalogueCourseCards extends CourseCards {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly authors: AuthorsQuery,
    private readonly mediaQueries: MediaQueries,
  ) {
    super();
  }

  /** Published courses only; unknown and unlisted ids are left out. */
  async byIds(ids: readonly string[]): Promise<Map<string, CourseCard>> {
    await this.index.sync();
    const entries = ids.map((id) => this.index.entry(id)).filter((e) => e?.published) as Source[];
    const cards = await this.cards(entries);
    return new Map(cards.map((c) => [c.id, c]));
  }

  /** Cards for courses in the given order (published or not: the caller decides who may see them). */
  async cards(courses: readonly Source[]): Promise<CourseCard[]> {
    const ctx = await this.context(courses);
    return courses.map((c) => toCourseCard(c, ctx));
  }

  async context(courses: readonly Source[]): Promise<CardContext> {
    if (courses.length === 0) return { authors: new Map(), media: new Map() };
    const mediaIds = courses
      .flatMap((c) => [c.thumbnailMediaId, c.previewVideoMediaId])
      .filter((m): m is string => !!m);
    const [authors, media] = await Promise.all([
      this.authors.byIds([...new Set(courses.map((c) => c.teacherId))]),
      mediaIds.length ? this.mediaQueries.views([...new Set(mediaIds)]) : Promise.resolve([]),
    ]);
    return { authors, media: new Map(media.map((m) => [m.id, m])) };
  }
}
