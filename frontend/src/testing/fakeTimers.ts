/**
 * For a test that waits out the API's retry backoff (1 s, then 2 s, see app/api.ts): fake timers, so
 * Testing Library's findBy / waitFor advance the clock instead of waiting for it, that also follow real
 * time (user-event's own short delays still pass). Call first thing in the test; undo with
 * `jest.useRealTimers()` after it.
 */
export function fakeBackoffTimers(): void {
  jest.useFakeTimers({ advanceTimers: true });
}
