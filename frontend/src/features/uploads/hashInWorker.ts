/**
 * SHA-256 of a file in a Web Worker, loaded only when first used: the worker module names itself with
 * `import.meta.url`, which test environments cannot parse, so nothing imports it eagerly.
 */
export const hashInWorker = async (file: Blob): Promise<string> =>
  (await import('./checksumWorker')).sha256InWorker(file);
