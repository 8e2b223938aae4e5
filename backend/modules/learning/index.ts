export * from './events';
export * from './limits';
