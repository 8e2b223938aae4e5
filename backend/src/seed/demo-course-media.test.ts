import type { INestApplication } from '@nestjs/common';
import { APP_CONFIG } from '@platform/tokens';

import { UploadsService } from '../../modules/media';
import type { Logger } from '../platform/logging';
import { seedCourseMedia } from './demo-course-media';
import { DEMO_COURSES } from './demo-courses';

describe('demo course media', () => {
  it('uploads each cover as its teacher through the chunked upload; without ffmpeg no video lessons, with a log line', async () => {
    const calls: Array<[string, ...unknown[]]> = [];
    let n = 0;
    const uploads = {
      init: jest.fn(async (owner: string, input: Record<string, unknown>) => {
        calls.push(['init', owner, input]);
        return { uploadId: `u${++n}` };
      }),
      putChunk: jest.fn(async (owner: string, id: string, index: number, body: Buffer, range: string) => {
        calls.push(['chunk', owner, id, index, body.length, range]);
      }),
      finalize: jest.fn(async (_owner: string, id: string) => ({ uploadId: id, mediaId: `m-${id}` })),
    };
    const app = {
      get: (token: unknown) =>
        token === APP_CONFIG
          ? { ffmpeg: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', tools: { ffmpeg: null, ffprobe: null } } }
          : token === UploadsService
            ? uploads
            : undefined,
    } as unknown as INestApplication;
    const info = jest.fn();
    const courses = DEMO_COURSES.slice(0, 2);
    const media = await seedCourseMedia(app, courses, (c) => `teacher-${c.teacher}`, { actor: 'seed' }, {
      info,
    } as unknown as Logger);

    expect(new Set(media.covers)).toEqual(new Set(['m-u1', 'm-u2']));
    expect(media.lessonVideos.size).toBe(0);
    expect(info).toHaveBeenCalledWith('no working ffmpeg/ffprobe: the demo video lessons are skipped');
    for (const [i, course] of courses.entries()) {
      const init = calls.find(
        (c) => c[0] === 'init' && (c[2] as { filename: string }).filename === `cover-${i + 1}.jpg`,
      )!;
      const input = init[2] as { fileSize: number; totalChunks: number; checksum: string };
      expect(init[1]).toBe(`teacher-${course.teacher}`);
      expect(input).toMatchObject({ fileType: 'image/jpeg', purpose: 'image', totalChunks: 1 });
      expect(input.checksum).toMatch(/^[0-9a-f]{64}$/);
      // Covers render side by side: the first to finish starts the first upload.
      const id = `u${calls.filter((c) => c[0] === 'init').indexOf(init) + 1}`;
      expect(media.covers[i]).toBe(`m-${id}`);
      expect(calls.filter((c) => c[0] === 'chunk' && c[2] === id)).toEqual([
        [
          'chunk',
          `teacher-${course.teacher}`,
          id,
          0,
          input.fileSize,
          `bytes 0-${input.fileSize - 1}/${input.fileSize}`,
        ],
      ]);
    }
  });
});
