import { screen } from '@testing-library/react';

import { makeStore } from '@/app/store';
import { type Call, installFetch } from '@/testing/installFetch';

import { prefetchCatalogue } from './prefetch';
import { makeCourse, NOT_VENDOR, STATS } from './testing/fixtures';
import { renderLearning } from './testing/renderLearning';

const serve = () =>
  installFetch((call: Call) =>
    call.path === '/api/courses'
      ? { body: { courses: [makeCourse()], nextCursor: null } }
      : call.path === '/api/courses/stats'
        ? { body: STATS }
        : call.path === '/api/vendor/status'
          ? { body: NOT_VENDOR }
          : call.path === '/api/student/courses'
            ? { body: [] }
            : undefined,
  );

describe('the catalogue asked for at start-up', () => {
  it.each([
    ['the default catalogue', '/learning', ''],
    [
      'the filters the address holds',
      '/learning?search=salah&category=Hadith&level=advanced&sort=newest',
      '?search=salah&category=Hadith&level=advanced&sort=newest',
    ],
  ])('is the request the screen takes: %s, asked once', async (_, route, search) => {
    const calls = serve();
    const store = makeStore();
    const request = prefetchCatalogue(store.dispatch, search);
    renderLearning(route, { store });
    await screen.findByRole('article', { name: 'Foundations of Fiqh' });
    const asked = calls.filter((c) => c.path === '/api/courses');
    expect(asked).toHaveLength(1);
    if (search) expect(asked[0]!.url).toContain('search=salah');
    request.unsubscribe();
  });
});
