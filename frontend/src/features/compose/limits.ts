const MB = 1024 * 1024;

/** The create-post numbers of spec part 1 §5 and §9 (and the server's, where the spec gives none). */
export const COMPOSE_LIMITS = {
  /** The spec gives no maximum for a new post; this is the server's (backend social/domain/limits.ts). */
  textMax: 5000,
  /** The counter turns to a warning this close to the maximum. */
  textWarnRemaining: 50,
  maxImages: 4,
  maxVideos: 1,
  /** A post shows one audio (its audioUrl); a second one would be stored but never heard. */
  maxAudios: 1,
  /** The server's multipart limit on the number of files in one form. */
  maxFiles: 10,
  imageBytes: 5 * MB,
  otherBytes: 100 * MB,
  captionMax: 100,
  pollMinOptions: 2,
  pollMaxOptions: 4,
  /** The server's limit on one poll option. */
  pollOptionMax: 100,
  recordingSeconds: 120,
} as const;

/** §9 client-side image compression. */
export const IMAGE_COMPRESSION = { quality: 0.8, maxSide: 1200, mime: 'image/jpeg' } as const;

/** Part 2 §4 composer: simulated progress stops at 85 %, then 100 % and an 800 ms pause on success. */
export const POSTING_PROGRESS = { ceiling: 85, stepMs: 200, step: 5, settleMs: 800 } as const;
