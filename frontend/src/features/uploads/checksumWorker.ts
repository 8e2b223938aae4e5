/**
 * SHA-256 of a file (part 2 §9) computed in a Web Worker. Kept apart from the upload logic because
 * `import.meta.url` is a bundler construct: tests pass their own hash function instead.
 */
export function sha256InWorker(file: Blob): Promise<string> {
  const worker = new Worker(new URL('./checksum.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ hex?: string; error?: string }>) => {
      worker.terminate();
      if (event.data.hex) resolve(event.data.hex);
      else reject(new Error(event.data.error ?? 'Checksum failed'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'Checksum failed'));
    };
    worker.postMessage(file);
  });
}
