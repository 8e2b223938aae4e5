import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';

import { makeCourse } from '../testing/fixtures';
import MyCoursesScreen from './MyCoursesScreen';

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/my-courses" element={<MyCoursesScreen />} />
    </Routes>,
    { route: '/my-courses' },
  );

describe('/my-courses', () => {
  it('lists the courses owned with their progress and a Continue link to where the student stopped', async () => {
    installFetch((call) =>
      call.path === '/api/student/courses'
        ? {
            body: [
              {
                courseId: 'c1',
                course: makeCourse(),
                enrolledAt: '',
                progress: { completed: 1, total: 4, percent: 25 },
                currentLessonId: 'l2',
                completed: false,
                certificateId: null,
              },
              {
                courseId: 'c2',
                course: makeCourse({ id: 'c2', title: 'Tajweed' }),
                enrolledAt: '',
                progress: { completed: 0, total: 3, percent: 0 },
                currentLessonId: null,
                completed: false,
                certificateId: null,
              },
            ],
          }
        : undefined,
    );
    render();
    const list = await screen.findByRole('list', { name: 'My courses' });
    const fiqh = within(list).getAllByRole('listitem')[0]!;
    expect(within(fiqh).getByRole('progressbar', { name: '25% complete' })).toHaveAttribute('value', '25');
    expect(within(fiqh).getByRole('link', { name: 'Continue: Foundations of Fiqh' })).toHaveAttribute(
      'href',
      '/course/c1/learn?lesson=l2',
    );
    expect(within(list).getByRole('link', { name: 'Continue: Tajweed' })).toHaveAttribute('href', '/course/c2/learn');
    expect(within(list).queryByText('Completed')).toBeNull();
    expect(within(list).queryByRole('link', { name: /View certificate/ })).toBeNull();
  });

  it('shows a finished course as Completed with its certificate; one whose certificate was revoked, without', async () => {
    installFetch((call) =>
      call.path === '/api/student/courses'
        ? {
            body: [
              {
                courseId: 'c1',
                course: makeCourse(),
                enrolledAt: '',
                progress: { completed: 4, total: 4, percent: 100 },
                currentLessonId: null,
                completed: true,
                certificateId: 'K7M2Q9X4B8C3D5F6',
              },
              {
                courseId: 'c2',
                course: makeCourse({ id: 'c2', title: 'Tajweed' }),
                enrolledAt: '',
                progress: { completed: 3, total: 3, percent: 100 },
                currentLessonId: null,
                completed: true,
                certificateId: null,
              },
            ],
          }
        : undefined,
    );
    render();
    const list = await screen.findByRole('list', { name: 'My courses' });
    const [fiqh, tajweed] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(fiqh).getByText('Completed')).toBeInTheDocument();
    expect(within(fiqh).queryByText('100% complete')).toBeNull();
    expect(within(fiqh).getByRole('link', { name: 'View certificate: Foundations of Fiqh' })).toHaveAttribute(
      'href',
      '/certificates/K7M2Q9X4B8C3D5F6',
    );
    expect(within(tajweed).getByText('Completed')).toBeInTheDocument();
    expect(within(tajweed).queryByRole('link', { name: /View certificate/ })).toBeNull();
    expect(within(tajweed).getByRole('link', { name: 'Continue: Tajweed' })).toBeInTheDocument();
  });

  it('sends a guest to sign in without asking the server', async () => {
    const calls = installFetch(() => undefined, null);
    render();
    expect(await screen.findByText('Sign in to see your courses.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/student/courses')).toEqual([]);
  });
});
