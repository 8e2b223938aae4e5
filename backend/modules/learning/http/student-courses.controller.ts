import { CurrentSession, type SignedIn, SignedInGuard } from '@modules/identity';
import { Controller, Get, UseGuards } from '@nestjs/common';

import { StudentCoursesQueries } from '../queries/student-courses.queries';

/** The courses a member owns, most recently enrolled first (spec part 2 §7). */
@Controller('api/student/courses')
@UseGuards(SignedInGuard)
export class StudentCoursesController {
  constructor(private readonly courses: StudentCoursesQueries) {}

  @Get()
  list(@CurrentSession() session: SignedIn) {
    return this.courses.list(session.user.id);
  }
}
