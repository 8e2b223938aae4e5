import { IdentityModule } from '@modules/identity';
import { MailModule } from '@modules/mail';
import { MediaModule } from '@modules/media';
import { PaymentsModule } from '@modules/payments';
import { ProfilesModule } from '@modules/profiles';
import { Module } from '@nestjs/common';

import { COMMERCE_CONTROLLERS, COMMERCE_PROVIDERS } from './commerce.providers';
import { CourseCards } from './course-cards';
import { CourseMediaRule } from './course-media-access';
import { CoursesService } from './courses.service';
import { AdminVendorsController } from './http/admin-vendors.controller';
import { CatalogueController } from './http/catalogue.controller';
import { CourseDetailController } from './http/course-detail.controller';
import { CourseEditorController } from './http/course-editor.controller';
import { CourseReviewsController } from './http/course-reviews.controller';
import { StudentCoursesController } from './http/student-courses.controller';
import { VendorController } from './http/vendor.controller';
import { CatalogueQueries } from './queries/catalogue.queries';
import { CatalogueIndex } from './queries/catalogue-index';
import { CatalogueCourseCards } from './queries/course-cards.queries';
import { CourseDetailQueries } from './queries/course-detail.queries';
import { CoursePreviews } from './queries/course-preview.queries';
import { CourseReviewsQueries } from './queries/course-reviews.queries';
import { StudentCoursesQueries } from './queries/student-courses.queries';
import { TeachersQueries } from './queries/teachers.queries';
import { VendorCoursesQueries } from './queries/vendor-courses.queries';
import { TeachersService } from './teachers.service';

/** The learning marketplace (spec part 2): teachers, courses, catalogue, cart, orders, enrolments, reviews. */
@Module({
  imports: [IdentityModule, ProfilesModule, MediaModule, PaymentsModule, MailModule],
  controllers: [
    VendorController,
    AdminVendorsController,
    CourseEditorController,
    CatalogueController,
    CourseDetailController,
    CourseReviewsController,
    StudentCoursesController,
    ...COMMERCE_CONTROLLERS,
  ],
  providers: [
    TeachersService,
    CoursesService,
    TeachersQueries,
    CatalogueIndex,
    CatalogueCourseCards,
    { provide: CourseCards, useExisting: CatalogueCourseCards },
    CatalogueQueries,
    CourseDetailQueries,
    CoursePreviews,
    CourseReviewsQueries,
    VendorCoursesQueries,
    StudentCoursesQueries,
    CourseMediaRule,
    ...COMMERCE_PROVIDERS,
  ],
  exports: [CourseCards, TeachersService, CoursesService, CourseDetailQueries, CoursePreviews],
})
export class LearningModule {}
