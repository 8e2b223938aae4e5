import type { CartView, CourseCard, CourseDetail, OrderView, VendorStatus } from '../types';

export function makeCourse(overrides: Partial<CourseCard> = {}): CourseCard {
  return {
    id: 'c1',
    title: 'Foundations of Fiqh',
    description: 'The rulings of worship, step by step.',
    category: 'Fiqh',
    level: 'beginner',
    price: '1500',
    promoPrice: null,
    isFree: false,
    rating: '4.7',
    reviewsCount: 12,
    totalStudents: 640,
    isPublished: true,
    thumbnailImage: null,
    previewVideoUrl: null,
    vendor: {
      userId: 't1',
      bio: 'Taught fiqh in Mombasa for ten years.',
      user: { id: 't1', name: 'Ustadh Hamza', username: 'hamza', profileImage: null },
    },
    badges: ['best_seller'],
    totals: { sections: 2, lessons: 3, durationSec: 4 * 3600 + 32 * 60 },
    createdAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(
  overrides: Partial<CourseDetail> = {},
  viewer: Partial<CourseDetail['viewer']> = {},
): CourseDetail {
  return {
    ...makeCourse(),
    whatYouWillLearn: ['The pillars of wudu', 'How to pray the five prayers'],
    sections: [
      {
        id: 's1',
        title: 'Purification',
        lessons: [
          {
            id: 'l1',
            title: 'What breaks wudu',
            durationSec: 600,
            freePreview: true,
            locked: false,
            completed: false,
            isCurrent: false,
          },
          {
            id: 'l2',
            title: 'Ghusl',
            durationSec: 900,
            freePreview: false,
            locked: true,
            completed: false,
            isCurrent: false,
          },
        ],
      },
      {
        id: 's2',
        title: 'Prayer',
        lessons: [
          {
            id: 'l3',
            title: 'The times of prayer',
            durationSec: 1200,
            freePreview: false,
            locked: true,
            completed: false,
            isCurrent: false,
          },
        ],
      },
    ],
    reviewsSummary: { average: '4.7', count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } },
    refundPolicy: { windowDays: 7, maxProgress: 0.3 },
    viewer: {
      enrolled: false,
      isTeacher: false,
      inCart: false,
      progress: null,
      currentLessonId: null,
      review: null,
      ...viewer,
    },
    ...overrides,
  };
}

export function makeCart(courses: CourseCard[]): CartView {
  const total = courses.reduce((sum, c) => sum + Number(c.price), 0);
  return {
    items: courses.map((course) => ({ courseId: course.id, course, addedAt: '2026-01-03T00:00:00.000Z' })),
    count: courses.length,
    total: String(total),
  };
}

export function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 'o1',
    status: 'pending',
    items: [{ courseId: 'c1', title: 'Foundations of Fiqh', price: '1500' }],
    total: '1500',
    method: 'mpesa',
    provider: 'sandbox',
    createdAt: '2026-01-04T00:00:00.000Z',
    paidAt: null,
    failureReason: null,
    refundedAt: null,
    refundableUntil: null,
    refundStatus: null,
    ...overrides,
  };
}

export const NOT_VENDOR: VendorStatus = { isVendor: false, status: 'none', application: null };
export const STATS = { courses: 24, students: 5120, instructors: 6, free: 4 };
export const SANDBOX_CONFIG = { card: 'sandbox', mpesa: 'sandbox', stripePublishableKey: null, sandboxDelayMs: 3000 };
