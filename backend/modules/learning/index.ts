export { CourseCards } from './course-cards';
export { CoursesService } from './courses.service';
/** The seed enrols and reviews through the deciders, as the enrolment and review services do. */
export { enrolmentDecider } from './domain/enrolment.decider';
export { reviewDecider } from './domain/review.decider';
export * from './events';
export { LearningModule } from './learning.module';
export * from './limits';
export { CoursePreviews } from './queries/course-preview.queries';
export { TeachersService } from './teachers.service';
/** The moderation module replays these streams' history (audit state as of an event). */
export { cartDecider } from './domain/cart.decider';
export { checkoutDecider } from './domain/checkout.decider';
export { courseDecider } from './domain/course.decider';
export { orderDecider } from './domain/order.decider';
export { teacherApplicationDecider } from './domain/teacher-application.decider';
