/**
 * The learning marketplace's HTTP shapes (spec part 2 §3, §7; backend/modules/learning/API.md):
 * what the server answers and the web app reads. Money is KES in major units as a decimal string;
 * the server keeps integer cents inside. The server's lists of categories, levels, topics and price
 * ranges (backend/modules/learning/events.ts) and the screens' are checked against these unions.
 */

/** KES in major units as a decimal string: '0' is free, '1500', '1499.50'. */
export type Money = string;
export type Badge = 'best_seller' | 'trending';

/** §9 categories (without the filter value 'all'). */
export type CourseCategory = 'Quran' | 'Hadith' | 'Fiqh' | 'Aqeedah' | 'Arabic' | 'History' | 'Family' | 'Tafsir';

export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';

/** §9 sorts; `popular` (most students) is the default. */
export type CourseSort = 'popular' | 'newest' | 'rating' | 'price_low' | 'price_high';

/** §5: what a teacher may teach and the price range they name when applying. */
export type TeacherTopic =
  | 'Quran'
  | 'Hadith'
  | 'Fiqh'
  | 'Aqeedah'
  | 'Arabic'
  | 'History'
  | 'Family'
  | 'Tafsir'
  | 'Seerah'
  | 'Dua';
export type PriceRange = '$0 - $25' | '$25 - $50' | '$50 - $100' | '$100 - $200' | '$200+';

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

export interface CataloguePage {
  courses: CourseCard[];
  nextCursor: string | null;
}

export interface CourseStats {
  courses: number;
  students: number;
  instructors: number;
  free: number;
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

export interface ReviewsPage {
  reviews: Review[];
  nextCursor: string | null;
}

/** Why a buyer's refund is refused: the same codes as the 409s of POST /api/orders/:id/refund. */
export type RefundRefusal = 'ORDER_NOT_PAID' | 'REFUND_WINDOW_CLOSED' | 'COURSE_CONSUMED';

/**
 * Whether the buyer can still refund an order (GET /api/orders) or the order that gave them a course
 * (the course page and the learning view), and why not.
 */
export interface RefundEligibility {
  eligible: boolean;
  reason: RefundRefusal | null;
  /** REFUND_MAX_PROGRESS: the share of a course's lessons that may be completed and still refunded (0.3 = 30%). */
  maxProgress: number;
  /** End of the 7-day window while the order is paid, else null. */
  until: string | null;
  /** The order's courses completed past maxProgress (COURSE_CONSUMED), else empty. */
  consumedCourseIds: string[];
}

/** The refund of the paid order that enrolled the viewer in a course. */
export interface CourseRefund extends RefundEligibility {
  orderId: string;
}

/**
 * The refund rule as it stands for anyone reading a course page, a guest or a buyer-to-be included:
 * `windowDays` after payment, while at most `maxProgress` (REFUND_MAX_PROGRESS, 0.3 = 30%) of a
 * course's lessons are completed or opened.
 */
export interface RefundPolicy {
  windowDays: number;
  maxProgress: number;
}

export interface CourseDetail extends CourseCard {
  whatYouWillLearn: string[];
  sections: CurriculumSection[];
  reviewsSummary: { average: string; count: number; distribution: Record<'1' | '2' | '3' | '4' | '5', number> };
  refundPolicy: RefundPolicy;
  viewer: {
    enrolled: boolean;
    isTeacher: boolean;
    inCart: boolean;
    progress: Progress | null;
    currentLessonId: string | null;
    review: Review | null;
    /**
     * Sent always: null unless a paid order enrolled the viewer. Optional in the type only until the
     * web app's fixtures carry it.
     */
    refund?: CourseRefund | null;
    /** The viewer's certificate of this course that stands, else null (sent always; optional as refund is). */
    certificateId?: string | null;
  };
}

export interface StudentCourse {
  courseId: string;
  course: CourseCard;
  enrolledAt: string;
  progress: Progress;
  currentLessonId: string | null;
  /** Every lesson the course has now is completed. */
  completed: boolean;
  /** The certificate of completion that stands (a refund revokes it), else null. */
  certificateId: string | null;
}

/**
 * A video lesson's URLs. The media of a paid lesson are signed for the viewer and stop working at
 * `expiresAt` (at most 15 minutes on): fetch the learn view again for new ones. Null (or absent) for
 * media anyone may fetch, e.g. a free preview's.
 */
export type LessonContent =
  | { kind: 'video'; url: string; posterUrl: string | null; expiresAt?: string | null }
  | { kind: 'text'; text: string };
export type LearnLesson = CurriculumLesson & { content: LessonContent | null };

export interface LearnView {
  course: CourseCard;
  enrolled: boolean;
  isTeacher: boolean;
  sections: Array<{ id: string; title: string; lessons: LearnLesson[] }>;
  progress: Progress | null;
  currentLessonId: string | null;
  position: { lessonId: string; seconds: number } | null;
  /** As CourseDetail.viewer.refund. */
  refund?: CourseRefund | null;
  /** As StudentCourse (sent always; optional in the type only until every fixture of the web app carries them). */
  completed?: boolean;
  certificateId?: string | null;
}

export interface CartItem {
  courseId: string;
  course: CourseCard;
  addedAt: string;
}

export interface CartView {
  items: CartItem[];
  count: number;
  total: Money;
}

/** expired: still unpaid ORDER_PENDING_TTL (30 min) after checkout; a payment arriving later is refunded. */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
export type PaymentMethod = 'card' | 'mpesa';
export type PaymentProvider = 'sandbox' | 'stripe' | 'mpesa';

export interface OrderView {
  id: string;
  status: OrderStatus;
  items: Array<{ courseId: string; title: string; price: Money }>;
  total: Money;
  method: PaymentMethod;
  /** null when the provider refused to start the payment. */
  provider: PaymentProvider | null;
  createdAt: string;
  paidAt: string | null;
  failureReason: string | null;
  refundedAt: string | null;
  refundableUntil: string | null;
  refundStatus: 'refunded' | 'pending' | 'manual_required' | null;
  /** Sent always (optional in the type only until the web app's fixtures carry it). */
  refund?: RefundEligibility;
}

export type ClientAction =
  | { kind: 'sandbox'; completesInMs: number }
  | { kind: 'stripe_card'; clientSecret: string }
  | { kind: 'mpesa_stk'; checkoutRequestId: string; merchantRequestId: string; message: string };

export interface PaymentsConfig {
  /** null: no provider takes this method here (production without keys). */
  card: 'sandbox' | 'stripe' | null;
  mpesa: 'sandbox' | 'mpesa' | null;
  stripePublishableKey: string | null;
  sandboxDelayMs: number;
}

export interface CheckoutRequest {
  method: PaymentMethod;
  phone?: string;
  courseIds?: string[];
  cardNumber?: string;
  /**
   * The total the screen showed (GET /api/cart's `total`, or the Buy Now course's price): required.
   * Another total on the server is 409 `PriceChangedBody`; nothing is ordered.
   */
  expectedTotal: Money;
}

/** POST /api/orders/:id/pay: pay a pending order again (same order, same Stripe PaymentIntent). */
export interface PayOrderRequest {
  phone?: string;
  cardNumber?: string;
}

/** 409 of POST /api/checkout: a price changed; `cart` is GET /api/cart now, `total` what this checkout costs now. */
export interface PriceChangedBody {
  error: string;
  message: string;
  code: 'PRICE_CHANGED';
  total: Money;
  cart: CartView;
}

/** 409 of POST /api/checkout: a course is in another order of the member still waiting for payment. */
export interface OrderPendingBody {
  error: string;
  message: string;
  code: 'ORDER_PENDING';
  order: OrderView;
}

export interface CheckoutAnswer {
  orderId: string;
  status: 'pending';
  total: Money;
  provider: OrderView['provider'];
  clientAction: ClientAction;
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

export interface TeacherApplicationRequest {
  bio: string;
  topics: string[];
  priceRange: string;
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

export type DraftLessonContent = { kind: 'video'; mediaId: string } | { kind: 'text'; text: string };

export interface DraftLesson {
  id: string;
  title: string;
  durationSec: number;
  freePreview: boolean;
  content: DraftLessonContent;
}

export interface DraftSection {
  id: string;
  title: string;
  lessons: DraftLesson[];
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
  sections: DraftSection[];
  isPublished: boolean;
  totalStudents: number;
  rating: string;
  updatedAt: string;
}

/**
 * What the editor sends (POST /api/courses, PATCH /api/courses/:id). Section and lesson ids are the
 * server's: new ones are sent without an id, existing ones keep theirs so progress keeps pointing at them.
 */
export interface CourseInput {
  title: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  price: Money;
  promoPrice: Money | null;
  thumbnailMediaId: string | null;
  previewVideoMediaId: string | null;
  whatYouWillLearn: string[];
  sections: Array<{
    id?: string;
    title: string;
    lessons: Array<{
      id?: string;
      title: string;
      durationSec: number;
      freePreview: boolean;
      content: DraftLessonContent;
    }>;
  }>;
}
