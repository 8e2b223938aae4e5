import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEffects } from '@/testing/afterEffects';
import { installFetch } from '@/testing/installFetch';

import { makeCourse } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { LearnView } from '../types';

const lesson = (id: string, title: string, extra: Partial<LearnView['sections'][number]['lessons'][number]> = {}) => ({
  id,
  title,
  durationSec: 600,
  freePreview: false,
  locked: false,
  completed: false,
  isCurrent: false,
  content: { kind: 'video' as const, url: `/media/${id}/video.mp4`, posterUrl: null },
  ...extra,
});

const VIEW: LearnView = {
  course: makeCourse(),
  enrolled: true,
  isTeacher: false,
  sections: [
    {
      id: 's1',
      title: 'Purification',
      lessons: [
        lesson('l1', 'What breaks wudu', { completed: true }),
        lesson('l2', 'Ghusl', { isCurrent: true }),
        lesson('l3', 'Tayammum', { content: { kind: 'text', text: 'Strike the earth with your palms.' } as never }),
      ],
    },
  ],
  progress: { completed: 1, total: 3, percent: 33 },
  currentLessonId: 'l2',
  position: { lessonId: 'l2', seconds: 125 },
};

describe('/course/:id/learn', () => {
  it('resumes at the current lesson, saves the position on pause, marks it complete and moves to the next lesson', async () => {
    const calls = installFetch((call) =>
      call.path === '/api/courses/c1/learn'
        ? { body: VIEW }
        : call.path === '/api/courses/c1/lessons/l2/complete'
          ? { body: { progress: { completed: 2, total: 3, percent: 67 }, currentLessonId: 'l3' } }
          : call.path === '/api/courses/c1/lessons/l2/position'
            ? { status: 204 }
            : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/course/c1/learn');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ghusl' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 lessons complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /What breaks wudu.*\(Completed\)/ })).toBeInTheDocument();

    const video = screen.getByLabelText('Lesson video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/media/l2/video.mp4');
    await afterEffects();
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(125);
    // A pause before anything played saves nothing: the resume point stays.
    fireEvent.pause(video);
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 131.7 });
    fireEvent.play(video);
    fireEvent.pause(video);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/courses/c1/lessons/l2/position',
        body: { seconds: 131 },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('2 of 3 lessons complete')).toBeInTheDocument();
    expect(screen.getByText('Completed', { selector: '.apply-status' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next lesson' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/course/c1/learn?lesson=l3');
    expect(await screen.findByText('Strike the earth with your palms.')).toBeInTheDocument();
  });

  it('marks a finished lesson Completed only, and Continue here on the first lesson not done (none once all are)', async () => {
    installFetch((call) =>
      call.path === '/api/courses/c1/learn'
        ? { body: VIEW }
        : call.path === '/api/courses/c1/lessons/l2/complete'
          ? { body: { progress: { completed: 2, total: 3, percent: 67 }, currentLessonId: 'l3' } }
          : call.path === '/api/courses/c1/lessons/l3/complete'
            ? { body: { progress: { completed: 3, total: 3, percent: 100 }, currentLessonId: null } }
            : undefined,
    );
    const user = userEvent.setup();
    // The finished lesson is the one open in the player.
    renderLearning('/course/c1/learn?lesson=l1');
    expect(await screen.findByRole('heading', { level: 2, name: 'What breaks wudu' })).toBeInTheDocument();
    const done = screen.getByRole('link', { name: /What breaks wudu/ });
    expect(done).toHaveAccessibleName(expect.stringMatching(/\(Completed\)/));
    expect(done).not.toHaveAccessibleName(expect.stringMatching(/Continue here/));
    expect(done).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Ghusl.*\(Continue here\)/ })).toHaveAttribute('aria-current', 'step');
    expect(screen.getAllByText(/Continue here/)).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: /Ghusl/ }));
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('2 of 3 lessons complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ghusl/ })).not.toHaveAccessibleName(
      expect.stringMatching(/Continue here/),
    );
    expect(screen.getByRole('link', { name: /Tayammum.*\(Continue here\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next lesson' }));
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('3 of 3 lessons complete')).toBeInTheDocument();
    expect(screen.queryByText(/Continue here/)).toBeNull();
  });

  it('shows a locked lesson as locked, with the way to the course', async () => {
    const locked: LearnView = {
      ...VIEW,
      enrolled: false,
      progress: null,
      currentLessonId: null,
      position: null,
      sections: [
        {
          id: 's1',
          title: 'Purification',
          lessons: [lesson('l9', 'Locked one', { locked: true, content: null as never })],
        },
      ],
    };
    installFetch((call) => (call.path === '/api/courses/c1/learn' ? { body: locked } : undefined));
    renderLearning('/course/c1/learn');
    expect(await screen.findByText('This lesson is locked. Enroll to watch it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the course' })).toHaveAttribute('href', '/course/c1');
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();
  });
});
