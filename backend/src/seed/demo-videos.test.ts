import type { INestApplication } from '@nestjs/common';
import { APP_CONFIG } from '@platform/tokens';

import { VideoPostsService } from '../../modules/social';
import type { Logger } from '../platform/logging';
import { DemoTimeline } from './demo-timeline';
import { seedVideos } from './demo-videos';

describe('demo videos', () => {
  it('are skipped with a log line when no ffmpeg/ffprobe can run, posting nothing', async () => {
    const create = jest.fn();
    const app = {
      get: (token: unknown) =>
        token === APP_CONFIG
          ? { ffmpeg: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', tools: { ffmpeg: null, ffprobe: null } } }
          : token === VideoPostsService
            ? { create }
            : undefined,
    } as unknown as INestApplication;
    const info = jest.fn();
    const timeline = new DemoTimeline();
    const add = jest.spyOn(timeline, 'add');
    const scheduled = await seedVideos(app, [], { info } as unknown as Logger, timeline);
    expect(scheduled.posts).toBe(0);
    expect(add).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith('no working ffmpeg/ffprobe: the demo videos are skipped');
    expect(create).not.toHaveBeenCalled();
  });
});
