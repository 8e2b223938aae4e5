/**
 * What the learning routes answer (API.md). Money is KES major units as strings, dates ISO-8601 UTC.
 * Read models keep cents; the queries turn them into these shapes.
 */
import type { CourseCategory, CourseLevel, PaymentMethod, PaymentProvider } from './events';

export type Money = string;
export type Badge = 'best_seller' | 'trending';

export interface UserRef {
  id: string;
  name: string;
  username: string;
  profileImage: string | null;
}

export interface Progress {
  completed: number;
  total: number;
  percent: number;
}

export interface CourseCard {
  id: string;
  title: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  price: Money;
  promoPrice: Money | null;
  isFree: boolean;
  rating: string;
  reviewsCount: number;
  totalStudents: number;
  isPublished: boolean;
  thumbnailImage: string | null;
  previewVideoUrl: string | null;
  vendor: { userId: string; bio: string; user: UserRef };
  badges: Badge[];
  totals: { sections: number; lessons: number; durationSec: number };
  createdAt: string;
  publishedAt: string | null;
}

export interface CurriculumLesson {
  id: string;
  title: string;
  durationSec: number;
  freePreview: boolean;
  locked: boolean;
  completed: boolean;
  isCurrent: boolean;
}

export interface CurriculumSection {
  id: string;
  title: string;
  lessons: CurriculumLesson[];
}

export interface Review {
  id: string;
  courseId: string;
  rating: number;
  comment: string;
  user: UserRef;
  createdAt: string;
  editedAt: string | null;
  reply: { text: string; repliedAt: string } | null;
}

export interface CourseDetail extends CourseCard {
  whatYouWillLearn: string[];
  sections: CurriculumSection[];
  reviewsSummary: { average: string; count: number; distribution: Record<'1' | '2' | '3' | '4' | '5', number> };
  viewer: {
    enrolled: boolean;
    isTeacher: boolean;
    inCart: boolean;
    progress: Progress | null;
    currentLessonId: string | null;
    review: Review | null;
  };
}

export interface StudentCourse {
  courseId: string;
  course: CourseCard;
  enrolledAt: string;
  progress: Progress;
  currentLessonId: string | null;
}

export type LessonContentView =
  { kind: 'video'; url: string; posterUrl: string | null } | { kind: 'text'; text: string };

export interface LearnView {
  course: CourseCard;
  enrolled: boolean;
  isTeacher: boolean;
  sections: Array<{
    id: string;
    title: string;
    lessons: Array<CurriculumLesson & { content: LessonContentView | null }>;
  }>;
  progress: Progress | null;
  currentLessonId: string | null;
  position: { lessonId: string; seconds: number } | null;
}

export interface CartView {
  items: Array<{ courseId: string; course: CourseCard; addedAt: string }>;
  count: number;
  total: Money;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';

export interface OrderView {
  id: string;
  status: OrderStatus;
  items: Array<{ courseId: string; title: string; price: Money }>;
  total: Money;
  method: PaymentMethod;
  /** null until a payment was started (a provider that refused to start leaves the order failed without one). */
  provider: PaymentProvider | null;
  createdAt: string;
  paidAt: string | null;
  failureReason: string | null;
  refundedAt: string | null;
  refundableUntil: string | null;
  refundStatus: 'refunded' | 'pending' | 'manual_required' | null;
}

/** GET /api/payments/config: which provider takes each method here; null: the method is unavailable. */
export interface PaymentsConfig {
  card: 'sandbox' | 'stripe' | null;
  mpesa: 'sandbox' | 'mpesa' | null;
  stripePublishableKey: string | null;
  sandboxDelayMs: number;
}

export type VendorApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface VendorStatus {
  isVendor: boolean;
  status: 'none' | VendorApplicationStatus;
  application: {
    bio: string;
    topics: string[];
    priceRange: string;
    submittedAt: string;
    rejectionReason: string | null;
  } | null;
}

export interface VendorApplication {
  userId: string;
  user: UserRef;
  bio: string;
  topics: string[];
  priceRange: string;
  status: VendorApplicationStatus;
  submittedAt: string;
  decidedAt: string | null;
  rejectionReason: string | null;
}

export interface CourseDraft {
  id: string;
  title: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  price: Money;
  promoPrice: Money | null;
  thumbnailMediaId: string | null;
  thumbnailImage: string | null;
  previewVideoMediaId: string | null;
  previewVideoUrl: string | null;
  whatYouWillLearn: string[];
  sections: Array<{
    id: string;
    title: string;
    lessons: Array<{
      id: string;
      title: string;
      durationSec: number;
      freePreview: boolean;
      content: { kind: 'video'; mediaId: string } | { kind: 'text'; text: string };
    }>;
  }>;
  isPublished: boolean;
  totalStudents: number;
  rating: string;
  updatedAt: string;
}
