/**
 * The course editor's shapes beside learning.ts's (backend/modules/learning/API.md).
 *
 * GET /api/vendor/media/:id: a teacher's own lesson video as the course editor previews it, saved in
 * a course or just uploaded. The URLs are those the lesson player gets for the course's teacher
 * (signed for them while a locked lesson shows the video); `durationSec` is the length lessons take
 * from the worker's probe (whole seconds), null until probed.
 */
export interface LessonVideoPreview {
  mediaId: string;
  status: 'processing' | 'ready' | 'failed';
  /** The processed MP4; null until it is ready. */
  url: string | null;
  /** Prepared before the transcode ends, so it may come first. */
  posterUrl: string | null;
  durationSec: number | null;
  /** When the signed URLs stop working (null: they are plain); fetching the preview again renews them. */
  expiresAt: string | null;
  /** Why processing failed (the worker's message), else null. */
  error: string | null;
}
