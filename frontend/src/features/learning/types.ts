/**
 * The learning routes' shapes (contract/learning.ts, shared with the server) and the lists the
 * screens offer: §9 categories, levels and sorts, §5 topics and price ranges.
 */
import type { CourseCategory, CourseLevel, CourseSort, PriceRange, TeacherTopic } from '@contract';

export type {
  Badge,
  CartItem,
  CartView,
  CataloguePage,
  CertificateView,
  CheckoutAnswer,
  CheckoutRequest,
  ClientAction,
  CompleteLessonAnswer,
  CourseCard,
  CourseCategory,
  CourseDetail,
  CourseDraft,
  CourseInput,
  CourseLevel,
  CourseRefund,
  CourseSort,
  CourseStats,
  CurriculumLesson,
  CurriculumSection,
  DraftLesson,
  DraftLessonContent,
  DraftSection,
  LearnLesson,
  LearnView,
  LessonContent,
  Money,
  OrderStatus,
  OrderView,
  PaymentMethod,
  PaymentProvider,
  PaymentsConfig,
  PayOrderRequest,
  PriceRange,
  Progress,
  RefundEligibility,
  RefundPolicy,
  RefundRefusal,
  Review,
  ReviewsPage,
  StudentCourse,
  TeacherApplicationRequest,
  TeacherTopic,
  UserRef,
  VendorApplication,
  VendorApplicationStatus,
  VendorStatus,
} from '@contract';

export const COURSE_CATEGORIES = [
  'Quran',
  'Hadith',
  'Fiqh',
  'Aqeedah',
  'Arabic',
  'History',
  'Family',
  'Tafsir',
] as const satisfies readonly CourseCategory[];
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const satisfies readonly CourseLevel[];
export const COURSE_SORTS = [
  'popular',
  'newest',
  'rating',
  'price_low',
  'price_high',
] as const satisfies readonly CourseSort[];
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
] as const satisfies readonly TeacherTopic[];
export const PRICE_RANGES = [
  '$0 - $25',
  '$25 - $50',
  '$50 - $100',
  '$100 - $200',
  '$200+',
] as const satisfies readonly PriceRange[];

/** Every member of a union is offered: a value added to the contract and not here fails here. */
type Covers<List extends readonly unknown[], Union> = [Union] extends [List[number]] ? true : false;
const offered: [
  Covers<typeof COURSE_CATEGORIES, CourseCategory>,
  Covers<typeof COURSE_LEVELS, CourseLevel>,
  Covers<typeof COURSE_SORTS, CourseSort>,
  Covers<typeof TEACHER_TOPICS, TeacherTopic>,
  Covers<typeof PRICE_RANGES, PriceRange>,
] = [true, true, true, true, true];
void offered;
