import { IdentityModule } from '@modules/identity';
import { MediaModule } from '@modules/media';
import { ProfilesModule } from '@modules/profiles';
import { Module } from '@nestjs/common';

import { COMMERCE_CONTROLLERS, COMMERCE_PROVIDERS } from './commerce.providers';
import { CourseCards } from './course-cards';
import { CatalogueIndex } from './queries/catalogue-index';
import { CatalogueCourseCards } from './queries/course-cards.queries';

/** The learning marketplace (spec part 2): teachers, courses, catalogue, cart, orders, enrolments, reviews. */
@Module({
  imports: [IdentityModule, ProfilesModule, MediaModule],
  controllers: [...COMMERCE_CONTROLLERS],
  providers: [
    CatalogueIndex,
    CatalogueCourseCards,
    { provide: CourseCards, useExisting: CatalogueCourseCards },
    ...COMMERCE_PROVIDERS,
  ],
  exports: [CourseCards],
})
export class LearningModule {}
