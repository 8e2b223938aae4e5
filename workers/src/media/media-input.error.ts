/**
 * The file itself is bad (corrupt, too many pixels, too long, no picture): retrying cannot help,
 * so the processor records MediaFailed at once instead of letting the queue try again.
 */
export class MediaInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'MediaInputError';
  }
}
