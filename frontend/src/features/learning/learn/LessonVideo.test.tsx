import { fireEvent, screen, waitFor } from '@testing-library/react';

import { afterEffects } from '@/testing/afterEffects';
import { installFetch } from '@/testing/installFetch';

import { makeCourse } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { LearnView } from '../types';

/** The learn view as the server signs it: fetch n's URLs carry sig=n. */
function view(n: number): LearnView {
  const signed = (path: string) => `${path}?m=u1&exp=${1_800_000_000 + n}&sig=s${n}`;
  return {
    course: makeCourse(),
    enrolled: true,
    isTeacher: false,
    sections: [
      {
        id: 's1',
        title: 'Recitation',
        lessons: [
          {
            id: 'l2',
            title: 'The paid lesson',
            durationSec: 600,
            freePreview: false,
            locked: false,
            completed: false,
            isCurrent: true,
            content: {
              kind: 'video',
              url: signed('/media/m1/video.mp4'),
              posterUrl: signed('/media/m1/poster'),
              expiresAt: new Date((1_800_000_000 + n) * 1000).toISOString(),
            },
          },
        ],
      },
    ],
    progress: { completed: 0, total: 1, percent: 0 },
    currentLessonId: 'l2',
    position: { lessonId: 'l2', seconds: 30 },
  };
}

/** Serves the learn view, signed anew at each fetch. */
function serve() {
  let fetches = 0;
  const calls = installFetch((call) => {
    if (call.path === '/api/courses/c1/learn') return { body: view(++fetches) };
    if (call.path === '/api/courses/c1/lessons/l2/position') return { status: 204 };
    return undefined;
  });
  return { calls, learnFetches: () => calls.filter((c) => c.path === '/api/courses/c1/learn').length };
}

function mediaState(video: HTMLVideoElement, state: { paused: boolean; currentTime?: number; duration?: number }) {
  Object.defineProperty(video, 'paused', { configurable: true, value: state.paused });
  if (state.duration !== undefined)
    Object.defineProperty(video, 'duration', { configurable: true, value: state.duration });
  if (state.currentTime !== undefined)
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: state.currentTime });
}

describe('a lesson video with expiring links', () => {
  let play: jest.SpyInstance;
  beforeEach(() => {
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('renews the links when the video fails, and goes on from where it was, playing', async () => {
    const { learnFetches } = serve();
    renderLearning('/course/c1/learn?lesson=l2');
    const video = (await screen.findByLabelText('Lesson video')) as HTMLVideoElement;
    await afterEffects();
    expect(video).toHaveAttribute('src', '/media/m1/video.mp4?m=u1&exp=1800000001&sig=s1');
    expect(learnFetches()).toBe(1);

    // Playing at 4:00, the link has expired: the next range request fails.
    mediaState(video, { paused: false, currentTime: 240, duration: 600 });
    fireEvent.error(video);
    await waitFor(() => expect(video).toHaveAttribute('src', '/media/m1/video.mp4?m=u1&exp=1800000002&sig=s2'));
    expect(video).toHaveAttribute('poster', '/media/m1/poster?m=u1&exp=1800000002&sig=s2');
    expect(learnFetches()).toBe(2);

    mediaState(video, { paused: true, currentTime: 0, duration: 600 });
    fireEvent.loadedMetadata(video);
    // Where it was, not the saved resume point (30 s).
    expect(video.currentTime).toBe(240);
    expect(play).toHaveBeenCalledTimes(1);

    // A file that keeps failing is not asked for again and again.
    fireEvent.error(video);
    fireEvent.error(video);
    await new Promise((r) => setTimeout(r, 50));
    expect(learnFetches()).toBe(2);
  });

  it('renews a paused video in place: same second, still paused', async () => {
    const { learnFetches } = serve();
    renderLearning('/course/c1/learn?lesson=l2');
    const video = (await screen.findByLabelText('Lesson video')) as HTMLVideoElement;
    await afterEffects();
    // Paused at 1:40 for longer than the link lives: pressing play asks the server again, and fails.
    mediaState(video, { paused: true, currentTime: 100, duration: 600 });
    fireEvent.error(video);
    await waitFor(() => expect(video).toHaveAttribute('src', expect.stringMatching(/sig=s2$/)));
    expect(learnFetches()).toBe(2);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(100);
    expect(play).not.toHaveBeenCalled();
  });
});
