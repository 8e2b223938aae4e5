import type { ExpectedVersion } from './event-store.port';

/** The one conflict error: the stream was not at the version the writer expected. */
export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** Current version, -1 when the stream does not exist, null when the engine did not say. */
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual === null ? 'unknown' : actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}
