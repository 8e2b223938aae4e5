/**
 * What the learning routes answer (API.md), from the contract shared with the web app
 * (contract/learning.ts). Read models keep cents; the queries turn them into these shapes.
 */
import type * as Contract from '@contract';

import type { CourseCategory, CourseLevel, PaymentMethod, PaymentProvider, PriceRange, TeacherTopic } from './events';

export type {
  Badge,
  CartView,
  CertificateView,
  CompleteLessonAnswer,
  CourseCard,
  CourseDetail,
  CourseDraft,
  CourseRefund,
  CurriculumLesson,
  CurriculumSection,
  LearnView,
  LessonContent as LessonContentView,
  LessonVideoPreview,
  Money,
  OrderStatus,
  OrderView,
  PaymentsConfig,
  Progress,
  RefundEligibility,
  RefundPolicy,
  Review,
  StudentCourse,
  UserRef,
  VendorApplication,
  VendorApplicationStatus,
  VendorStatus,
} from '@contract';

/** The events' lists and the contract's unions are one vocabulary: a change to either fails here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const vocabulary: [
  Same<CourseCategory, Contract.CourseCategory>,
  Same<CourseLevel, Contract.CourseLevel>,
  Same<PaymentMethod, Contract.PaymentMethod>,
  Same<PaymentProvider, Contract.PaymentProvider>,
  Same<TeacherTopic, Contract.TeacherTopic>,
  Same<PriceRange, Contract.PriceRange>,
] = [true, true, true, true, true, true];
void vocabulary;
