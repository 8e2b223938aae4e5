/**
 * Events of the learning marketplace (spec part 2 §2–§9). Every amount is an integer number of KES
 * cents ("minor units"); the spec's decimal strings exist only at the HTTP edge (see platform/money.ts).
 * Streams:
 * - `teacher-<userId>`: a member's teacher (vendor) applications and their outcome;
 * - `course-<courseId>`: the course, its curriculum and whether it is published;
 * - `cart-<userId>`: what a member has in the cart;
 * - `order-<orderId>`: one checkout and its payment, failure or refund;
 * - `checkout-<userId>`: which order last took each course a member checked out, so that a course
 *   in a pending order cannot enter a second one (appended with the order, optimistic concurrency);
 * - `enrolment-<courseId>-<userId>`: one student in one course (access, lessons done, where they
 *   stopped, the certificate of completion), so a busy course's students never contend for one stream version;
 * - `review-<courseId>-<userId>`: one student's review of one course and the teacher's reply; one
 *   stream per pair is what makes "one review per student" hold without a read model.
 */

import type { PaymentMethod, PaymentProvider } from '@modules/payments/events';

/** Spec part 2 §5: the topics a teacher may offer. */
export const TEACHER_TOPICS = [
  'Quran',
  'Hadith',
  'Fiqh',
  'Aqeedah',
  'Arabic',
  'History',
  'Family',
  'Tafsir',
  'Seerah',
  'Dua',
] as const;
export type TeacherTopic = (typeof TEACHER_TOPICS)[number];

/** Spec part 2 §5: the price ranges a teacher may choose, verbatim. */
export const PRICE_RANGES = ['$0 - $25', '$25 - $50', '$50 - $100', '$100 - $200', '$200+'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** Spec part 2 §9 (without the filter value 'all'). */
export const COURSE_CATEGORIES = [
  'Quran',
  'Hadith',
  'Fiqh',
  'Aqeedah',
  'Arabic',
  'History',
  'Family',
  'Tafsir',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** Orders carry the payments module's vocabulary, re-exported so that this file tells an order's whole story. */
export { PAYMENT_METHODS } from '@modules/payments/events';
export type { PaymentMethod, PaymentProvider };

// ---- Teacher application -------------------------------------------------------------------------

export type TeacherApplicationEvent =
  | {
      type: 'TeacherApplicationSubmitted';
      data: { userId: string; bio: string; topics: TeacherTopic[]; priceRange: PriceRange; submittedAt: string };
    }
  | { type: 'TeacherApplicationApproved'; data: { userId: string; approvedBy: string; approvedAt: string } }
  | {
      type: 'TeacherApplicationRejected';
      data: { userId: string; rejectedBy: string; reason: string; rejectedAt: string };
    };

// ---- Course --------------------------------------------------------------------------------------

/** A lesson plays a video (the media module's id) or reads as text. */
export type LessonContent = { kind: 'video'; mediaId: string } | { kind: 'text'; text: string };

export interface Lesson {
  id: string;
  title: string;
  durationSec: number;
  /** Visitors and members who have not enrolled may open it (spec §4). */
  freePreview: boolean;
  content: LessonContent;
}

export interface CourseSection {
  id: string;
  title: string;
  lessons: Lesson[];
}

/** Everything a teacher writes about a course, normalised (trimmed, amounts in cents). */
export interface CourseDetails {
  title: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  /** KES cents; 0 is a free course. */
  price: number;
  /** KES cents, shown struck through beside the price; always greater than price when set (§2). */
  promoPrice: number | null;
  thumbnailMediaId: string | null;
  previewVideoMediaId: string | null;
  whatYouWillLearn: string[];
  sections: CourseSection[];
}

export type CourseEvent =
  | { type: 'CourseCreated'; data: CourseDetails & { courseId: string; teacherId: string; createdAt: string } }
  /** Only the fields that changed, each whole (a new sections array replaces the curriculum). */
  | { type: 'CourseEdited'; data: { courseId: string; changes: Partial<CourseDetails>; editedAt: string } }
  | { type: 'CoursePublished'; data: { courseId: string; teacherId: string; publishedAt: string } }
  | { type: 'CourseUnpublished'; data: { courseId: string; teacherId: string; unpublishedAt: string } };

// ---- Cart ----------------------------------------------------------------------------------------

export type CartEvent =
  | { type: 'CartItemAdded'; data: { userId: string; courseId: string; addedAt: string } }
  | { type: 'CartItemRemoved'; data: { userId: string; courseId: string; removedAt: string } }
  /** The paid order's courses leave the cart; anything added after checkout stays. */
  | { type: 'CartEmptied'; data: { userId: string; orderId: string; courseIds: string[]; emptiedAt: string } };

// ---- Order ---------------------------------------------------------------------------------------

/** A course as it was bought: title and price are copied so the order never changes afterwards. */
export interface OrderItem {
  courseId: string;
  teacherId: string;
  title: string;
  /** KES cents at checkout. */
  price: number;
}

/**
 * Why a payment was recorded but not applied: the money has moved at the provider, so each flag is
 * a refund someone (or a process manager) owes the payer.
 */
export type PaymentFlagReason = 'amount_mismatch' | 'already_paid' | 'order_closed';

export type OrderEvent =
  | {
      type: 'OrderPlaced';
      data: {
        orderId: string;
        userId: string;
        items: OrderItem[];
        /** KES cents, the sum of the items. */
        total: number;
        currency: 'KES';
        method: PaymentMethod;
        placedAt: string;
        /** The language the buyer checked out in: their receipt's (absent before receipts: English). */
        language?: 'en' | 'ar';
      };
    }
  | {
      type: 'OrderPaymentRequested';
      data: {
        orderId: string;
        provider: PaymentProvider;
        reference: string;
        requestedAt: string;
        /**
         * M-Pesa: a keyed digest of the payer's number (HMAC under the server secret, never the number
         * itself), so a payment started again goes to the same phone. Absent for cards and before issue 35.
         */
        payer?: string;
      };
    }
  | {
      type: 'OrderPaid';
      data: {
        orderId: string;
        userId: string;
        provider: PaymentProvider;
        /** KES cents the provider reported. */
        amount: number;
        reference: string;
        courseIds: string[];
        paidAt: string;
      };
    }
  | { type: 'OrderPaymentFailed'; data: { orderId: string; userId: string; reason: string; failedAt: string } }
  /** Still unpaid ORDER_PENDING_TTL after it was placed: closed, its courses free for a new order. */
  | { type: 'OrderExpired'; data: { orderId: string; userId: string; placedAt: string; expiredAt: string } }
  /**
   * The buyer gave up on a pending order (an M-Pesa prompt that never came, a change of mind): closed
   * like an expired one, its courses free at once. A payment that still succeeds is flagged and given back.
   */
  | { type: 'OrderCancelled'; data: { orderId: string; userId: string; cancelledAt: string } }
  | {
      type: 'OrderPaymentFlagged';
      data: {
        orderId: string;
        userId: string;
        provider: PaymentProvider;
        amount: number;
        reference: string;
        reason: PaymentFlagReason;
        flaggedAt: string;
      };
    }
  | {
      type: 'OrderRefunded';
      data: {
        orderId: string;
        userId: string;
        provider: PaymentProvider;
        /** KES cents given back: the amount paid. */
        amount: number;
        reference: string;
        courseIds: string[];
        /** The buyer, or the moderator who refunded by hand. */
        refundedBy: string;
        refundedAt: string;
        /** A moderator's refund by hand: why (absent when the buyer, or the system on their behalf, refunded). */
        reason?: string;
      };
    }
  /**
   * What the provider said when a payment was given back (the order's refund, or a flagged
   * payment's): `manual_required` (M-Pesa) means someone has to send the money by hand.
   */
  | {
      type: 'OrderRefundIssued';
      data: {
        orderId: string;
        userId: string;
        provider: PaymentProvider;
        /** The payment given back (OrderPaid's or OrderPaymentFlagged's reference). */
        reference: string;
        amount: number;
        status: 'refunded' | 'pending' | 'manual_required';
        refundReference: string | null;
        message: string | null;
        issuedAt: string;
      };
    };

// ---- Checkout holds ------------------------------------------------------------------------------

/**
 * An order took these courses of the member: while it is pending no other order of theirs may take
 * them (a later order's reservation replaces a failed, expired or refunded one's).
 */
export type CheckoutEvent = {
  type: 'CoursesReserved';
  data: { userId: string; orderId: string; courseIds: string[]; reservedAt: string };
};

// ---- Enrolment -----------------------------------------------------------------------------------

/** How a student came to own a course: a free enrol, or a paid order (whose refund revokes it). */
export type EnrolmentSource = { kind: 'free' } | { kind: 'order'; orderId: string };

export type EnrolmentEvent =
  | {
      type: 'EnrolmentGranted';
      data: { courseId: string; userId: string; teacherId: string; source: EnrolmentSource; enrolledAt: string };
    }
  | {
      type: 'EnrolmentRevoked';
      data: { courseId: string; userId: string; orderId: string; reason: 'refund'; revokedAt: string };
    }
  | { type: 'LessonCompleted'; data: { courseId: string; userId: string; lessonId: string; completedAt: string } }
  /** Where the student stopped: the lesson to resume and the second within it. */
  | {
      type: 'LessonPositionSaved';
      data: { courseId: string; userId: string; lessonId: string; positionSec: number; savedAt: string };
    }
  /**
   * The lesson's locked media (its video, poster or a rendition) were first served to the student
   * (issue 35): what was watched or downloaded counts as consumed for the refund rule, marked
   * complete or not. Once per student and lesson.
   */
  | { type: 'LessonMediaOpened'; data: { courseId: string; userId: string; lessonId: string; openedAt: string } }
  /**
   * Every lesson the course has now is completed (issue 40): decided with the certificate it earns,
   * once while a certificate stands (completing lessons again, or the course growing later, issues
   * nothing more); again only after a refund revoked the last one and the student enrolled again.
   */
  | {
      type: 'CourseCompleted';
      data: { courseId: string; userId: string; teacherId: string; lessons: number; completedAt: string };
    }
  | {
      type: 'CertificateIssued';
      data: {
        /** The certificate's short, unguessable code (its verification link's id). */
        certificateId: string;
        courseId: string;
        userId: string;
        teacherId: string;
        /** The course's title when it was earned. */
        courseTitle: string;
        /** When the last lesson was completed. */
        completedAt: string;
        issuedAt: string;
        /**
         * `{ learnerName, teacherName }` as the profiles showed them at issue time, sealed with the
         * student's key (personal data: an account deleted shreds it, and the certificate with it).
         */
        sealed: string;
      };
    }
  /** The enrolment that earned it was refunded: the certificate verifies as revoked from now on. */
  | {
      type: 'CertificateRevoked';
      data: {
        certificateId: string;
        courseId: string;
        userId: string;
        orderId: string;
        reason: 'refund';
        revokedAt: string;
      };
    };

/** What `CertificateIssued.sealed` holds. */
export interface CertificateNames {
  learnerName: string;
  teacherName: string;
}

// ---- Review --------------------------------------------------------------------------------------

export interface ReviewData {
  courseId: string;
  userId: string;
  /** The course's teacher, kept so a reply is checked against the review itself. */
  teacherId: string;
  /** An integer from 1 to 5. */
  rating: number;
  comment: string;
}

export type ReviewEvent =
  | { type: 'ReviewWritten'; data: ReviewData & { writtenAt: string } }
  | { type: 'ReviewEdited'; data: ReviewData & { editedAt: string } }
  | {
      type: 'ReviewReplied';
      data: { courseId: string; userId: string; teacherId: string; reply: string; repliedAt: string };
    };

export type LearningEvent =
  | TeacherApplicationEvent
  | CourseEvent
  | CartEvent
  | OrderEvent
  | CheckoutEvent
  | EnrolmentEvent
  | ReviewEvent;

export const teacherApplicationStream = (userId: string) => `teacher-${userId}`;
export const courseStream = (courseId: string) => `course-${courseId}`;
export const cartStream = (userId: string) => `cart-${userId}`;
export const orderStream = (orderId: string) => `order-${orderId}`;
export const checkoutStream = (userId: string) => `checkout-${userId}`;
export const enrolmentStream = (courseId: string, userId: string) => `enrolment-${courseId}-${userId}`;
export const reviewStream = (courseId: string, userId: string) => `review-${courseId}-${userId}`;
