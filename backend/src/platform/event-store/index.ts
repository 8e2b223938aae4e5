export { WrongExpectedVersionError } from './errors';
export * from './event-store.port';
export { MemoryEventStore } from './memory.event-store';
export type { SqlEventStoreOptions } from './sql.event-store';
export { SqlEventStore } from './sql.event-store';
// Importing this loads the gRPC client; composition may prefer a lazy import of ./kurrent.event-store.
export { KurrentEventStore } from './kurrent.event-store';
