/**
 * A caller's mistake (bad name, path, filter, update or cursor), detected before any engine is
 * touched so that every adapter refuses the same input with the same error.
 */
export class ReadStoreError extends Error {
  override readonly name: string = 'ReadStoreError';
}

/** A cursor that did not come from this sort (or was tampered with): the HTTP edge answers 400. */
export class InvalidCursorError extends ReadStoreError {
  override readonly name: string = 'InvalidCursorError';
}
