/// <reference lib="webworker" />
/** Hashes a file off the main thread, so a 100 MB clip does not freeze the composer. */
self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const digest = await crypto.subtle.digest('SHA-256', await event.data.arrayBuffer());
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    self.postMessage({ hex });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
