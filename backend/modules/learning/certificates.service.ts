import { AuthorsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';

import { newCertificateCode } from './certificate-code';
import { CommerceFacts } from './commerce-facts';
import { courseLessons, type CourseState } from './domain/course.decider';
import { enrolmentDecider, validCertificate } from './domain/enrolment.decider';
import { type CertificateNames, enrolmentStream } from './events';
import { LearningClock } from './learning-clock';
import { CertificatesQueries } from './queries/certificates.queries';
import type { CertificateView } from './views';

/**
 * Certificates of completion (issue 40). Issued when the last lesson is completed (ProgressService),
 * or asked for (`POST /api/courses/:id/certificate`) by a student who finished the course before
 * certificates existed, or who bought it again after a refund. The enrolment decider holds the rules
 * (enrolled, every lesson done, one that stands at a time); this reads what it copies onto the
 * certificate: the course's title, and the learner's and teacher's names sealed with the learner's key.
 */
@Injectable()
export class CertificatesService {
  constructor(
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly authors: AuthorsQuery,
    private readonly queries: CertificatesQueries,
    private readonly clock: LearningClock,
  ) {}

  /** 201 with the certificate issued now, or 200 with the one that stands. */
  async claim(
    userId: string,
    courseId: string,
    meta: CommandMetadata,
  ): Promise<{ certificate: CertificateView; created: boolean }> {
    const course = await this.facts.existingCourse(courseId);
    const standing = validCertificate(await this.facts.enrolment(courseId, userId));
    const id = standing ?? (await this.issue(userId, course, meta));
    return { certificate: await this.queries.byId(id), created: !standing };
  }

  /** Issues the course's certificate to a student who completed all of it; answers its code. */
  async issue(userId: string, course: CourseState, meta: CommandMetadata): Promise<string> {
    const teacherId = course.teacherId!;
    const people = await this.authors.byIds([userId, teacherId]);
    const nameOf = (id: string) => {
      const author = people.get(id);
      return author?.name.trim() || author?.username || '';
    };
    const names: CertificateNames = { learnerName: nameOf(userId), teacherName: nameOf(teacherId) };
    const { state } = await this.commands.execute(
      enrolmentStream(course.courseId!, userId),
      enrolmentDecider,
      {
        type: 'IssueCertificate',
        certificateId: newCertificateCode(),
        teacherId,
        courseTitle: course.details!.title,
        lessons: courseLessons(course),
        sealed: await this.vault.seal(userId, names),
        now: this.clock.iso(),
      },
      meta,
    );
    // Decided against the stream as it is: another request's certificate when that one came first.
    return validCertificate(state)!;
  }
}
