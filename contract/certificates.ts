import type { Progress } from './learning';

/** `POST /api/courses/:id/lessons/:lessonId/complete`: the last lesson also completes the course and issues its certificate. */
export interface CompleteLessonAnswer {
  progress: Progress;
  currentLessonId: string | null;
  completed: boolean;
  certificateId: string | null;
}

/**
 * A certificate of completion (issue 40) as anyone with its link sees it (`GET /api/certificates/:id`),
 * a guest included: the learner's name at issue time and nothing else about them.
 */
export interface CertificateView {
  /** Its code, 16 characters (shown in groups of four). */
  id: string;
  /** `revoked` once a refund of the enrolment that earned it. */
  status: 'valid' | 'revoked';
  learnerName: string;
  courseId: string;
  courseTitle: string;
  teacherName: string;
  completedAt: string;
  issuedAt: string;
  revokedAt: string | null;
}
