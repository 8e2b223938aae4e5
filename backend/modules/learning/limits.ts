import type { RateBudget } from '@platform/http';

/**
 * The numbers and texts of the learning marketplace. The spec's own (part 2 §2, §5, §8, §9) are
 * marked; the rest are ceilings of ours so that no field can grow without bound.
 */
export const LEARNING_LIMITS = {
  /** §9: prices and the price filter run from 0 to 50,000 KES; here in cents. */
  maxPrice: 50_000_00,
  /** §2 and §9: a paid order can be refunded for 7 days after payment. */
  refundWindowMs: 7 * 24 * 60 * 60_000,
  bioMax: 2000,
  rejectReasonMax: 500,
  titleMax: 120,
  descriptionMax: 5000,
  whatYouWillLearnMax: 20,
  whatYouWillLearnItemMax: 200,
  sectionsMax: 50,
  lessonsPerSectionMax: 100,
  sectionTitleMax: 120,
  lessonTitleMax: 120,
  lessonTextMax: 50_000,
  /** Twelve hours: longer than any lecture, short enough to catch a value sent in milliseconds. */
  lessonDurationMaxSec: 12 * 60 * 60,
  /** A cart is a shopping list, not a catalogue. */
  cartMax: 50,
  orderItemsMax: 50,
  reviewCommentMax: 2000,
  replyMax: 2000,
  paymentReferenceMax: 200,
  failureReasonMax: 500,
  /** A moderator's reason for refunding an order by hand. */
  refundReasonMax: 500,
} as const;

export const LEARNING_MESSAGES = {
  // Teacher application (§5, §8)
  bioRequired: 'Bio is required',
  bioTooLong: 'Bio must be 2000 characters or less',
  badTopics: 'Topics must be chosen from: Quran, Hadith, Fiqh, Aqeedah, Arabic, History, Family, Tafsir, Seerah, Dua',
  badPriceRange: "Price range must be one of '$0 - $25', '$25 - $50', '$50 - $100', '$100 - $200', '$200+'",
  applicationPending: 'Your teacher application is under review',
  alreadyTeacher: 'You are already a teacher',
  noApplication: 'Teacher application not found',
  applicationNotPending: 'Only an application under review can be approved or rejected',
  moderatorsOnly: 'Only moderators and admins can review teacher applications',
  reasonRequired: 'A reason is required to reject an application',
  reasonTooLong: 'Reason must be 500 characters or less',
  // Course (§2, §3, §9)
  teachersOnly: 'Only approved teachers can create courses',
  courseNotFound: 'Course not found',
  courseExists: 'This course already exists',
  notCourseTeacher: 'Only the teacher of this course can change it',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 120 characters or less',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be 5000 characters or less',
  badCategory: 'Category must be one of: Quran, Hadith, Fiqh, Aqeedah, Arabic, History, Family, Tafsir',
  badLevel: 'Level must be one of: beginner, intermediate, advanced',
  badPrice: 'Price must be an amount in KSh from 0 to 50,000, with at most 2 decimals',
  badPromoPrice: 'Promo price must be an amount in KSh from 0 to 50,000, with at most 2 decimals',
  promoNotAbovePrice: 'Promo price must be greater than the price (clear it to show no promo price)',
  tooManyOutcomes: "At most 20 'What you'll learn' points",
  badOutcome: "Each 'What you'll learn' point must be 1 to 200 characters",
  tooManySections: 'At most 50 sections',
  tooManyLessons: 'At most 100 lessons per section',
  badSectionTitle: 'Each section needs a title of 120 characters or less',
  badLessonTitle: 'Each lesson needs a title of 120 characters or less',
  badLessonDuration: 'Lesson duration must be a whole number of seconds, at most 12 hours',
  badLessonContent: 'Each lesson needs a video or a text of 50000 characters or less',
  duplicateCurriculumId: 'Section and lesson ids must be unique within the course',
  nothingToPublish: 'Add at least one section with a lesson before publishing',
  alreadyPublished: 'This course is already published',
  notPublished: 'This course is not published',
  publishedNeedsLessons: 'A published course must keep at least one section with a lesson',
  // Cart (§6, §8)
  alreadyInCart: 'This course is already in your cart',
  alreadyOwned: 'You already own this course',
  freeNotForCart: 'This course is free: enroll to start learning',
  cartFull: 'Your cart can hold at most 50 courses',
  // Order and payment (§2, §9)
  orderNotFound: 'Order not found',
  orderExists: 'This order already exists',
  emptyOrder: 'Your cart is empty',
  tooManyItems: 'An order can hold at most 50 courses',
  duplicateItem: 'A course can appear only once in an order',
  freeInOrder: 'Free courses are not bought: enroll to start learning',
  badMethod: "Payment method must be 'card' or 'mpesa'",
  badReference: 'A payment needs its provider reference',
  badAmount: 'A payment amount must be a whole number of KES cents',
  orderNotPending: 'This order is no longer waiting for payment',
  payerChanged: 'This order is paid from the M-Pesa number it was placed with: use that number, or place a new order',
  orderPending: 'A course here is already in an order waiting for payment: pay or wait for that order',
  priceChanged: 'A price changed since you opened your cart: check the new total and pay again',
  expectedTotalRequired: 'expectedTotal is required: the total your screen showed, e.g. "1500" or "1499.50"',
  notOrderOwner: 'You can only refund your own orders',
  refundNotPaid: 'Only a paid order can be refunded',
  refundWindowClosed: 'The 7-day refund window for this order has closed',
  refundReasonRequired: 'A reason is required to refund an order by hand',
  refundReasonTooLong: 'Reason must be 500 characters or less',
  moderatorsOnlyRefund: 'Only moderators and admins can refund an order by hand',
  // Enrolment and progress (§2, §4)
  notFree: 'This course is not free: add it to your cart to buy it',
  notEnrolled: 'Enroll in this course to track your progress',
  lessonNotFound: 'Lesson not found',
  badPosition: 'Position must be a number of seconds from 0',
  // Certificates of completion (issue 40)
  certificateNotEnrolled: 'Enroll in this course and complete its lessons to earn its certificate',
  courseNotCompleted: 'Complete every lesson of this course to earn its certificate',
  certificateNotFound: 'Certificate not found: check the code on the certificate',
  // Reviews
  reviewNotEnrolled: 'Only students enrolled in this course can review it',
  ownCourseReview: 'You cannot review your own course',
  badRating: 'Rating must be a whole number from 1 to 5',
  commentTooLong: 'Comment must be 2000 characters or less',
  reviewNotFound: 'Review not found',
  notReviewTeacher: 'Only the teacher of this course can reply to its reviews',
  replyRequired: 'Reply cannot be empty',
  replyTooLong: 'Reply must be 2000 characters or less',
  // Course media: the member's own uploads, as posts and video drafts check them
  thumbnailNotFound: 'Thumbnail image not found: upload an image first',
  previewVideoNotFound: 'Preview video not found: upload a video first',
  lessonVideoNotFound: 'Lesson video not found: upload a video first',
  // Catalogue filters (§9)
  badCatalogueCategory: 'Category must be all or one of: Quran, Hadith, Fiqh, Aqeedah, Arabic, History, Family, Tafsir',
  badCatalogueLevel: 'Level must be all or one of: beginner, intermediate, advanced',
  badSort: 'Sort must be one of: popular, newest, rating, price_low, price_high',
  badPriceFilter: 'Price filter must be an amount in KSh from 0 to 50,000',
  badLimit: 'limit must be a whole number from 1 to 50',
  badCursor: 'Invalid cursor',
  badStatusFilter: 'Status must be one of: pending, approved, rejected',
  vendorsOnly: 'Only teachers can manage courses',
} as const;

/**
 * The catalogue's search and filters (300 ms after typing, spec part 2 §9) and its pages as one
 * scrolls (RateLimitGuard; README "Rate limits").
 */
export const CATALOGUE_BUDGET = {
  name: 'course-search',
  member: { limit: 120, windowMs: 60_000 },
  ip: { limit: 600, windowMs: 60_000 },
} as const satisfies RateBudget;

/**
 * Paying a pending order again (`POST /api/orders/:id/pay`): each call may start a payment, an M-Pesa
 * STK push to a phone. A person retries a declined card or an unanswered push a few times; a script
 * would push prompts at a number (the order's own, the only one it takes) at the write budget's pace.
 */
export const ORDER_PAY_BUDGET = {
  name: 'order-payments',
  member: { limit: 10, windowMs: 10 * 60_000 },
  ip: { limit: 50, windowMs: 10 * 60_000 },
} as const satisfies RateBudget;
