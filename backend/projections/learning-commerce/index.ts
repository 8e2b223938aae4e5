export * from './docs';
export { learningCommerceProjector } from './learning-commerce.projector';
