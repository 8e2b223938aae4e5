import { Injectable } from '@nestjs/common';

/**
 * The learning module's answer to "may this member see the media of this course's locked lessons
 * now?" (its students while enrolled, its teacher, moderators), asked at every request for such media.
 */
export interface CourseMediaAccess {
  mayView(memberId: string, courseId: string): Promise<boolean>;
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

  /** Whether the member may see media shown by any of these courses. */
  async mayView(memberId: string, courseIds: readonly string[]): Promise<boolean> {
    if (!this.access) return false;
    for (const courseId of courseIds) if (await this.access.mayView(memberId, courseId)) return true;
    return false;
  }
}
