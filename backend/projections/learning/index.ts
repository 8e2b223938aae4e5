export { cartMembershipProjector } from './cart-membership.projector';
export { catalogueProjector, curriculumTotals } from './catalogue.projector';
export * from './docs';
export { enrolmentsProjector } from './enrolments.projector';
export { reviewsProjector } from './reviews.projector';
export { teachersProjector } from './teachers.projector';
