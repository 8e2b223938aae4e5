export { CourseCards } from './course-cards';
export * from './events';
export { LearningModule } from './learning.module';
export * from './limits';
