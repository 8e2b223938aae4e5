import { Injectable } from '@nestjs/common';

/** A yes from the course's rule for one request: told once the item is actually being served. */
export interface CourseMediaAdmission {
  /**
   * The item is going out to the member (the video, its poster or a rendition): the course records
   * what it must before the bytes leave (a student's first opening of a lesson counts for refunds).
   */
  served(requestId: string | null): Promise<void>;
}

/**
 * The learning module's answer to "may this member see this item, shown by this course's locked
 * lessons, now?" (its students while enrolled, its teacher, moderators), asked at every request for
 * such media; null refuses.
 */
export interface CourseMediaAccess {
  admit(memberId: string, courseId: string, mediaId: string): Promise<CourseMediaAdmission | null>;
}

/**
 * Where the learning module plugs its rule in at start-up: learning imports media (it shows media),
 * so media cannot import learning back. Without a rule nobody passes, so a lesson's media never
 * leaks for want of one.
 */
@Injectable()
export class CourseMediaGate {
  private access: CourseMediaAccess | null = null;

  provide(access: CourseMediaAccess): void {
    if (this.access && this.access !== access) throw new Error('Course media access is already provided');
    this.access = access;
  }

  /** The first of these courses that lets the member see the item, or null. */
  async admit(memberId: string, courseIds: readonly string[], mediaId: string): Promise<CourseMediaAdmission | null> {
    if (!this.access) return null;
    for (const courseId of courseIds) {
      const admission = await this.access.admit(memberId, courseId, mediaId);
      if (admission) return admission;
    }
    return null;
  }
}
