import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { installFetch } from '@/testing/installFetch';

import { makeCourse, makeDetail } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { CertificateView, LearnView } from '../types';

const lesson = (id: string, title: string, completed: boolean) => ({
  id,
  title,
  durationSec: 600,
  freePreview: false,
  locked: false,
  completed,
  isCurrent: false,
  content: { kind: 'text' as const, text: `${title}: the text.` },
});

/** Two lessons, the first done: the second finishes the course. */
const VIEW: LearnView = {
  course: makeCourse(),
  enrolled: true,
  isTeacher: false,
  sections: [{ id: 's1', title: 'Purification', lessons: [lesson('l1', 'Wudu', true), lesson('l2', 'Ghusl', false)] }],
  progress: { completed: 1, total: 2, percent: 50 },
  currentLessonId: 'l2',
  position: null,
  completed: false,
  certificateId: null,
};
const CODE = 'K7M2Q9X4B8C3D5F6';
const CERTIFICATE: CertificateView = {
  id: CODE,
  status: 'valid',
  learnerName: 'Amina',
  courseId: 'c1',
  courseTitle: 'Foundations of Fiqh',
  teacherName: 'Shaykh Umar',
  completedAt: '2026-11-25T10:00:00.000Z',
  issuedAt: '2026-11-25T10:00:00.000Z',
  revokedAt: null,
};
const review = {
  id: 'c1:u1',
  courseId: 'c1',
  rating: 5,
  comment: 'Clear',
  user: { id: 'u1', name: 'Amina', username: 'amina', profileImage: null },
  createdAt: '2026-11-20T00:00:00.000Z',
  editedAt: null,
  reply: null,
};
const enrolled = makeDetail({}, { enrolled: true, progress: VIEW.progress, currentLessonId: 'l2' });

describe('/course/:id/learn: the course completed', () => {
  it('congratulates on the last lesson, links the certificate and asks for a review with no stars chosen', async () => {
    // The server as it is after each call: the course finished, then reviewed.
    let finished = false;
    let reviewed = false;
    const progress = { completed: 2, total: 2, percent: 100 };
    const calls = installFetch((call) => {
      if (call.path === '/api/courses/c1/lessons/l2/complete') {
        finished = true;
        return { body: { progress, currentLessonId: null, completed: true, certificateId: CODE } };
      }
      if (call.method === 'POST' && call.path === '/api/courses/c1/reviews') {
        reviewed = true;
        return { status: 201, body: { ...review, rating: 4, comment: '' } };
      }
      if (call.path === '/api/courses/c1/learn')
        return {
          body: finished
            ? {
                ...VIEW,
                sections: [
                  { ...VIEW.sections[0]!, lessons: [lesson('l1', 'Wudu', true), lesson('l2', 'Ghusl', true)] },
                ],
                progress,
                currentLessonId: null,
                completed: true,
                certificateId: CODE,
              }
            : VIEW,
        };
      if (call.path === '/api/courses/c1')
        return { body: { ...enrolled, viewer: { ...enrolled.viewer, review: reviewed ? review : null } } };
      if (call.path === `/api/certificates/${CODE}`) return { body: CERTIFICATE };
      return undefined;
    });
    const user = userEvent.setup();
    renderLearning('/course/c1/learn?lesson=l2');
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));

    const panel = await screen.findByRole('region', { name: 'Congratulations! You completed this course' });
    await waitFor(() => expect(within(panel).getByRole('heading', { level: 2 })).toHaveFocus());
    expect(
      within(panel).getByText(
        'Every lesson of “\u2068Foundations of Fiqh\u2069” is done. Your certificate of completion is ready to view, print or share.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(panel).findByText('How was this course? Your rating helps other learners choose.'),
    ).toBeInTheDocument();

    // The review starts with no stars: saving without one asks for a choice and sends nothing.
    const form = await within(panel).findByRole('form', { name: 'Write a review' });
    for (const star of within(form).getAllByRole('radio')) expect(star).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Choose a rating from 1 to 5 stars before saving your review.',
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/courses/c1/reviews')).toBe(false);
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/courses/c1/reviews')?.body).toEqual({
        rating: 4,
        comment: '',
      }),
    );
    // Saved: the prompt gives way to thanks.
    expect(await within(panel).findByText('Thank you for reviewing this course.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('link', { name: 'View certificate' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/certificates/${CODE}`);
    expect(await screen.findByRole('article', { name: 'Certificate of completion' })).toBeInTheDocument();
  });

  it('thanks a student who reviewed already, and gets the certificate of a course finished before certificates', async () => {
    const finished: LearnView = {
      ...VIEW,
      sections: [{ ...VIEW.sections[0]!, lessons: [lesson('l1', 'Wudu', true), lesson('l2', 'Ghusl', true)] }],
      progress: { completed: 2, total: 2, percent: 100 },
      currentLessonId: null,
      completed: true,
      certificateId: null,
    };
    let issued: string | null = null;
    const calls = installFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/courses/c1/certificate') {
        issued = CODE;
        return { status: 201, body: CERTIFICATE };
      }
      if (call.path === '/api/courses/c1/learn') return { body: { ...finished, certificateId: issued } };
      if (call.path === '/api/courses/c1') return { body: makeDetail({}, { enrolled: true, review }) };
      return undefined;
    });
    const user = userEvent.setup();
    renderLearning('/course/c1/learn');
    const panel = await screen.findByRole('region', { name: 'Congratulations! You completed this course' });
    // Opened again later: the panel is there, but does not take the focus.
    expect(within(panel).getByRole('heading', { level: 2 })).not.toHaveFocus();
    expect(await within(panel).findByText('Thank you for reviewing this course.')).toBeInTheDocument();
    expect(within(panel).queryByRole('form')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Get your certificate' }));
    expect(await within(panel).findByRole('link', { name: 'View certificate' })).toHaveAttribute(
      'href',
      `/certificates/${CODE}`,
    );
    expect(calls.filter((c) => c.path === '/api/courses/c1/certificate')).toHaveLength(1);
  });

  it('shows no congratulations before the last lesson, nor to a visitor who is not enrolled', async () => {
    installFetch((call) =>
      call.path === '/api/courses/c1/learn' ? { body: { ...VIEW, enrolled: false, completed: false } } : undefined,
    );
    renderLearning('/course/c1/learn');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ghusl' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Congratulations/ })).toBeNull();
  });
});
