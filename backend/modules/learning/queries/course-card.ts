import type { MediaView } from '@modules/media';
import type { Author } from '@modules/profiles';
import { formatKes } from '@platform/money';
import type { CourseSummary } from '@projections/learning';

import type { Badge, CourseCard, UserRef } from '../views';

/** §9: 'Best Seller' above 500 students; 'Trending' above 200 students with a rating of at least 4.5. */
export function badgesOf(students: number, mean: number): Badge[] {
  const badges: Badge[] = [];
  if (students > 500) badges.push('best_seller');
  if (students > 200 && mean >= 4.5) badges.push('trending');
  return badges;
}

/** A mean rating as the spec shows it: one decimal, '0.0' with no reviews. */
export const ratingText = (sum: number, count: number) => (count > 0 ? (sum / count).toFixed(1) : '0.0');

export function userRef(id: string, author: Author | undefined): UserRef {
  return {
    id,
    name: author?.name ?? 'Member',
    username: author?.username ?? '',
    profileImage: author?.profileImage ?? null,
  };
}

/** What a card needs besides the course: the teacher's profile and the media views of its pictures. */
export interface CardContext {
  authors: Map<string, Author>;
  media: Map<string, MediaView>;
}

type CardSource = Pick<
  CourseSummary,
  | 'id'
  | 'title'
  | 'description'
  | 'category'
  | 'level'
  | 'price'
  | 'promoPrice'
  | 'ratingSum'
  | 'ratingCount'
  | 'students'
  | 'published'
  | 'thumbnailMediaId'
  | 'previewVideoMediaId'
  | 'teacherId'
  | 'teacherBio'
  | 'totals'
  | 'createdAt'
  | 'publishedAt'
>;

export function toCourseCard(c: CardSource, ctx: CardContext): CourseCard {
  const mean = c.ratingCount > 0 ? c.ratingSum / c.ratingCount : 0;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    category: c.category,
    level: c.level,
    price: formatKes(c.price),
    promoPrice: c.promoPrice === null ? null : formatKes(c.promoPrice),
    isFree: c.price === 0,
    rating: ratingText(c.ratingSum, c.ratingCount),
    reviewsCount: c.ratingCount,
    totalStudents: c.students,
    isPublished: c.published,
    thumbnailImage: c.thumbnailMediaId ? (ctx.media.get(c.thumbnailMediaId)?.url ?? null) : null,
    previewVideoUrl: c.previewVideoMediaId ? (ctx.media.get(c.previewVideoMediaId)?.url ?? null) : null,
    vendor: { userId: c.teacherId, bio: c.teacherBio, user: userRef(c.teacherId, ctx.authors.get(c.teacherId)) },
    badges: badgesOf(c.students, mean),
    totals: c.totals,
    createdAt: c.createdAt,
    publishedAt: c.publishedAt,
  };
}
