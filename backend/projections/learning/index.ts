export { cartMembershipProjector } from './cart-membership.projector';
export { catalogueProjector, curriculumTotals } from './catalogue.projector';
export { certificatesProjector } from './certificates.projector';
export * from './docs';
export { enrolmentsProjector } from './enrolments.projector';
export { CATALOGUE_MEDIA, type CatalogueMediaDoc, probedLessonSeconds } from './lesson-durations';
export { reviewsProjector } from './reviews.projector';
export { teachersProjector } from './teachers.projector';
