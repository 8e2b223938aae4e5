import type {
  CourseCategory,
  CourseLevel,
  CourseSection,
  EnrolmentSource,
  PriceRange,
  TeacherTopic,
} from '@modules/learning/events';
import type { CollectionSpec } from '@platform/read-store/read-store.port';

/**
 * Read models of the learning marketplace. Amounts stay KES cents here; the module's queries turn
 * them into the API's decimal strings. Each projector keeps its own lookups (teacher bios, review
 * ratings) so it never reads another projector's, possibly lagging, collections.
 */

// ---- Catalogue ---------------------------------------------------------------------------------

export const CATALOGUE_PROJECTOR = 'learning-catalogue';
/** One document per course, drafts included, with its whole curriculum. */
export const COURSES = 'learning_courses';
/** One document (`catalogue`): the revision of the last course change, for readers that keep a copy. */
export const CATALOGUE_META = 'learning_catalogue_meta';
export const CATALOGUE_META_ID = 'catalogue';
/** The catalogue's own copy of teacher bios (`<userId>`). */
export const CATALOGUE_TEACHERS = 'learning_catalogue_teachers';
/**
 * The catalogue's own copy of each review's rating and whether its author's enrolment stands
 * (`<courseId>:<userId>`), to undo a rating on edit and to take it out while the author is not enrolled.
 */
export const CATALOGUE_RATINGS = 'learning_catalogue_ratings';

export type RatingDistribution = Record<'1' | '2' | '3' | '4' | '5', number>;

/** A course without its curriculum: what a listing needs. */
export interface CourseSummary {
  id: string;
  teacherId: string;
  /** The teacher's application bio ('' for a vendor promoted without one). */
  teacherBio: string;
  /** The topics the teacher applied to teach (none for a vendor promoted without applying). */
  teacherTopics: TeacherTopic[];
  title: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  /** KES cents. */
  price: number;
  promoPrice: number | null;
  thumbnailMediaId: string | null;
  previewVideoMediaId: string | null;
  totals: { sections: number; lessons: number; durationSec: number };
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Students enrolled now (granted minus revoked). */
  students: number;
  /** Reviews whose author is enrolled now: a refunded student's review counts again only if they enrol again. */
  ratingSum: number;
  ratingCount: number;
  distribution: RatingDistribution;
  /** Increases with every change of this document (see CATALOGUE_META): what an in-memory copy syncs by. */
  rev: number;
}

/** One document per course, drafts included, with its whole curriculum. */
export interface CourseDoc extends CourseSummary {
  [key: string]: unknown;
  whatYouWillLearn: string[];
  sections: CourseSection[];
}

export interface CatalogueMetaDoc {
  id: string;
  [key: string]: unknown;
  rev: number;
  /** Names the generation the revisions count in (a rebuild counts again from 1). */
  epoch: string;
}

export interface CatalogueTeacherDoc {
  id: string;
  [key: string]: unknown;
  bio: string;
  topics: TeacherTopic[];
}

export interface CatalogueRatingDoc {
  id: string;
  [key: string]: unknown;
  /** null: no review (yet), only an enrolment revoked. */
  rating: number | null;
  /** False from a revoke until enrolled again; no document at all counts as enrolled (the review decider checked). */
  enrolled: boolean;
}

export const coursesCollection: CollectionSpec = {
  name: COURSES,
  indexes: [
    { fields: ['teacherId'], sort: { field: 'createdAt' } },
    { fields: [], sort: { field: 'rev', type: 'number' } },
  ],
};

// ---- Teacher applications ------------------------------------------------------------------------

export const TEACHERS_PROJECTOR = 'learning-teachers';
export const TEACHER_APPLICATIONS = 'learning_teacher_applications';

export interface TeacherApplicationDoc {
  /** The applicant's user id. */
  id: string;
  [key: string]: unknown;
  bio: string;
  topics: TeacherTopic[];
  priceRange: PriceRange;
  status: 'pending' | 'approved' | 'rejected';
  submittedAt: string;
  decidedAt: string | null;
  rejectionReason: string | null;
}

export const teacherApplicationsCollection: CollectionSpec = {
  name: TEACHER_APPLICATIONS,
  indexes: [
    { fields: ['status'], sort: { field: 'submittedAt' } },
    { fields: [], sort: { field: 'submittedAt' } },
  ],
};

// ---- Enrolments -----------------------------------------------------------------------------------

export const ENROLMENTS_PROJECTOR = 'learning-enrolments';
export const ENROLMENTS = 'learning_enrolments';

export interface EnrolmentDoc {
  /** `<courseId>:<userId>` */
  id: string;
  [key: string]: unknown;
  courseId: string;
  userId: string;
  /** False once a refund revoked it (progress is kept, should the student buy again). */
  enrolled: boolean;
  enrolledAt: string;
  source: EnrolmentSource;
  /** Lesson ids in the order they were completed. */
  completed: string[];
  /**
   * Lesson ids whose locked media were served to the student (`LessonMediaOpened`): with `completed`,
   * what the refund rule counts as consumed. Absent on documents written before issue 35's fix.
   */
  opened?: string[];
  position: { lessonId: string; seconds: number } | null;
  /** The certificate of completion that stands (issue 40); null or absent when none, or revoked. */
  certificateId?: string | null;
}

export const enrolmentId = (courseId: string, userId: string) => `${courseId}:${userId}`;

export const enrolmentsCollection: CollectionSpec = {
  name: ENROLMENTS,
  indexes: [{ fields: ['userId', 'enrolled'], sort: { field: 'enrolledAt' } }],
};

// ---- Certificates of completion -------------------------------------------------------------------

export const CERTIFICATES_PROJECTOR = 'learning-certificates';
/** One document per certificate, by its code: what its public verification page shows. */
export const CERTIFICATES = 'learning_certificates';

export interface CertificateDoc {
  /** The certificate's code (CertificateIssued.certificateId). */
  id: string;
  [key: string]: unknown;
  courseId: string;
  /** The learner: never shown on the public page, only used to list their own. */
  userId: string;
  teacherId: string;
  /** The names as they were at issue time (unsealed from the event). */
  learnerName: string;
  teacherName: string;
  courseTitle: string;
  completedAt: string;
  issuedAt: string;
  /** Revoked by a refund of the enrolment that earned it. */
  revokedAt: string | null;
}

export const certificatesCollection: CollectionSpec = {
  name: CERTIFICATES,
  indexes: [{ fields: ['userId'], sort: { field: 'issuedAt' } }],
};

// ---- Reviews --------------------------------------------------------------------------------------

export const REVIEWS_PROJECTOR = 'learning-reviews';
export const REVIEWS = 'learning_reviews';
/** The reviews projector's own record of enrolments revoked (`<courseId>:<userId>`), for reviews that come after. */
export const REVIEW_STANDING = 'learning_review_standing';

export interface ReviewDoc {
  /** `<courseId>:<userId>`: one review per student and course. */
  id: string;
  [key: string]: unknown;
  courseId: string;
  userId: string;
  teacherId: string;
  rating: number;
  comment: string;
  createdAt: string;
  editedAt: string | null;
  reply: { text: string; repliedAt: string } | null;
  /** Its author's enrolment was revoked (a refund): out of the course's list until they enrol again. */
  hidden: boolean;
}

export interface ReviewStandingDoc {
  id: string;
  [key: string]: unknown;
  enrolled: boolean;
}

export const reviewId = (courseId: string, userId: string) => `${courseId}:${userId}`;

export const reviewsCollection: CollectionSpec = {
  name: REVIEWS,
  indexes: [{ fields: ['courseId', 'hidden'], sort: { field: 'createdAt' } }],
};

// ---- Cart membership ------------------------------------------------------------------------------

/** Only whether a course is in a member's cart (the course page's inCart); the cart view is elsewhere. */
export const CART_MEMBERSHIP_PROJECTOR = 'learning-cart-membership';
export const CART_MEMBERSHIP = 'learning_cart_membership';

export interface CartMembershipDoc {
  /** `<userId>:<courseId>` */
  id: string;
  [key: string]: unknown;
  userId: string;
  courseId: string;
}

export const cartMembershipId = (userId: string, courseId: string) => `${userId}:${courseId}`;
export const cartMembershipCollection: CollectionSpec = {
  name: CART_MEMBERSHIP,
  indexes: [{ fields: ['userId'] }],
};
