import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { deferred } from '@/testing/deferred';
import { type Call, installFetch } from '@/testing/installFetch';
import { type FakeRoute, MEMBER } from '@/testing/render';

import { makeCart, makeCourse, NOT_VENDOR, STATS } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { CourseCard, VendorStatus } from '../types';

const where = () => screen.getByTestId('where');
const courseCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/courses');

function serve(
  courses: CourseCard[],
  extra: (call: Call) => FakeRoute | Promise<FakeRoute> | undefined = () => undefined,
  options: { owned?: string[]; cart?: CourseCard[]; vendor?: VendorStatus; user?: object | null } = {},
) {
  return installFetch(
    (call) =>
      extra(call) ??
      (call.path === '/api/courses'
        ? { body: { courses, nextCursor: null } }
        : call.path === '/api/courses/stats'
          ? { body: STATS }
          : call.path === '/api/cart'
            ? { body: makeCart(options.cart ?? []) }
            : call.path === '/api/student/courses'
              ? { body: (options.owned ?? []).map((courseId) => ({ courseId, course: makeCourse({ id: courseId }) })) }
              : call.path === '/api/vendor/status'
                ? { body: options.vendor ?? NOT_VENDOR }
                : undefined),
    options.user,
  );
}

describe('/learning', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the header, the four stats and a grid of cards with category, badges, teacher, rating and KSh prices', async () => {
    serve([
      makeCourse(),
      makeCourse({
        id: 'c2',
        title: 'Tajweed for Beginners',
        price: '0',
        isFree: true,
        badges: ['trending'],
        category: 'Quran',
      }),
      makeCourse({ id: 'c3', title: 'Seerah', price: '2500', promoPrice: '4000', badges: [] }),
      makeCourse({ id: 'c4', title: 'Aqeedah', price: '2500', promoPrice: '1000', badges: [] }),
    ]);
    renderLearning();
    expect(screen.getByRole('heading', { level: 1, name: 'Learn' })).toBeInTheDocument();
    const stats = screen.getByLabelText('Catalogue in numbers');
    await waitFor(() => expect(within(stats).getByText('5,120')).toBeInTheDocument());
    expect(
      within(stats)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Courses', 'Students', 'Instructors', 'Free courses']);
    expect(
      within(stats)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['24', '5,120', '6', '4']);
    const fiqh = await screen.findByRole('article', { name: 'Foundations of Fiqh' });
    expect(within(fiqh).getByText('Fiqh')).toBeInTheDocument();
    expect(within(fiqh).getByText('Best Seller')).toBeInTheDocument();
    expect(within(fiqh).getByText('by \u2068Ustadh Hamza\u2069')).toBeInTheDocument();
    expect(within(fiqh).getByLabelText('Rated 4.7 out of 5')).toBeInTheDocument();
    expect(within(fiqh).getByText('640 students')).toBeInTheDocument();
    expect(within(fiqh).getByText('KSh 1,500')).toBeInTheDocument();
    expect(within(fiqh).getByRole('link', { name: 'Foundations of Fiqh' })).toHaveAttribute('href', '/course/c1');
    const free = screen.getByRole('article', { name: 'Tajweed for Beginners' });
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getByText('Trending')).toBeInTheDocument();
    // §2: a promo is struck through only when it is greater than the price.
    expect(within(screen.getByRole('article', { name: 'Seerah' })).getByText('KSh 4,000').tagName).toBe('S');
    expect(within(screen.getByRole('article', { name: 'Aqeedah' })).queryByText('KSh 1,000')).toBeNull();
  });

  it('shows 10 skeletons while loading, then the empty state whose Clear Filters resets the address', async () => {
    const gate = deferred();
    const calls = serve([], (call) =>
      call.path === '/api/courses' ? gate.promise.then(() => ({ body: { courses: [], nextCursor: null } })) : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/learning?category=Hadith&level=advanced');
    expect(await screen.findByRole('status', { name: 'Loading courses' })).toBeInTheDocument();
    expect(screen.getAllByTestId('course-skeleton')).toHaveLength(10);
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'No courses found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or browse different categories')).toBeInTheDocument();
    expect(courseCalls(calls)[0]?.url).toContain('category=Hadith');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(where()).toHaveTextContent(/^\/learning$/);
    await waitFor(() => expect(courseCalls(calls).at(-1)?.url).toContain('category=all'));
  });

  it('writes only non-default filters to the address, in place, and searches 300 ms after the last key', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = serve([makeCourse()]);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderLearning('/learning?sort=popular&level=nonsense');
    await screen.findByRole('article', { name: 'Foundations of Fiqh' });
    // Unknown values read as defaults.
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('all');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Fiqh');
    expect(where()).toHaveTextContent('/learning?category=Fiqh');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'rating');
    expect(where()).toHaveTextContent('/learning?category=Fiqh&sort=rating');

    const box = screen.getByRole('searchbox', { name: 'Search courses' });
    await user.type(box, 'wudu');
    act(() => jest.advanceTimersByTime(250));
    expect(where()).toHaveTextContent('/learning?category=Fiqh&sort=rating');
    act(() => jest.advanceTimersByTime(60));
    expect(where()).toHaveTextContent('/learning?search=wudu&category=Fiqh&sort=rating');
    await waitFor(() =>
      expect(courseCalls(calls).at(-1)?.url).toMatch(/search=wudu&category=Fiqh&level=all&sort=rating/),
    );
    // Only the finished word was asked for, not each key.
    expect(courseCalls(calls).filter((c) => /search=w(u|ud)?&/.test(c.url))).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'popular');
    expect(where()).toHaveTextContent(/^\/learning\?search=wudu&category=Fiqh$/);
  });

  it('loads the next page by nextCursor and appends it', async () => {
    const calls = serve([], (call) =>
      call.path === '/api/courses'
        ? call.url.includes('cursor=n1')
          ? { body: { courses: [makeCourse({ id: 'c2', title: 'Second page course' })], nextCursor: null } }
          : { body: { courses: [makeCourse()], nextCursor: 'n1' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderLearning();
    await screen.findByRole('article', { name: 'Foundations of Fiqh' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Second page course' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Foundations of Fiqh' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(courseCalls(calls).map((c) => new URL(c.url, 'http://x').searchParams.get('cursor'))).toEqual([null, 'n1']);
  });

  it('reads the filters from the address it opens with', async () => {
    serve([makeCourse()]);
    renderLearning('/learning?search=salah&category=Hadith&level=advanced&sort=newest');
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('salah');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Hadith');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('advanced');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    await screen.findByRole('article', { name: 'Foundations of Fiqh' });
  });
});

describe('/learning: the course button', () => {
  const paid = makeCourse({ id: 'paid', title: 'Paid course', badges: [] });
  const free = makeCourse({ id: 'free', title: 'Free course', price: '0', isFree: true, badges: [] });
  const carted = makeCourse({ id: 'carted', title: 'Carted course', badges: [] });
  const owned = makeCourse({ id: 'owned', title: 'Owned course', badges: [] });

  it('reads Continue Learning, Start Learning, Remove from Cart or Add to Cart', async () => {
    serve([paid, free, carted, owned], undefined, { owned: ['owned'], cart: [carted] });
    const user = userEvent.setup();
    renderLearning();
    expect(await screen.findByRole('button', { name: 'Remove from Cart: Carted course' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to Cart: Paid course' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start Learning: Free course' })).toBeEnabled();
    await user.click(await screen.findByRole('button', { name: 'Continue Learning: Owned course' }));
    expect(where()).toHaveTextContent('/course/owned/learn');
  });

  it('offers a teacher their own course to edit, never to buy', async () => {
    const mine = makeCourse({
      id: 'mine',
      title: 'My course',
      badges: [],
      vendor: { ...paid.vendor, userId: MEMBER.id },
    });
    const calls = serve([mine, paid]);
    const user = userEvent.setup();
    renderLearning();
    await user.click(await screen.findByRole('button', { name: 'Edit Course: My course' }));
    expect(where()).toHaveTextContent('/teach/mine');
    expect(screen.queryByRole('button', { name: 'Add to Cart: My course' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/cart/add')).toBe(false);
  });

  it('adds to the cart (disabled while pending) and says so; then offers Remove from Cart', async () => {
    const gate = deferred();
    const calls = serve([paid], (call) =>
      call.method === 'POST' && call.path === '/api/cart/add'
        ? gate.promise.then(() => ({ status: 201, body: makeCart([paid]) }))
        : undefined,
    );
    const user = userEvent.setup();
    renderLearning();
    const add = await screen.findByRole('button', { name: 'Add to Cart: Paid course' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/cart')).toBe(true));
    await user.click(add);
    expect(calls.find((c) => c.path === '/api/cart/add')?.body).toEqual({ courseId: 'paid' });
    await waitFor(() => expect(screen.getByRole('button', { name: /: Paid course$/ })).toBeDisabled());
    gate.resolve();
    expect(await screen.findByText('Paid course has been added to your cart')).toBeInTheDocument();
    expect(screen.getByText('Added to cart')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove from Cart: Paid course' })).toBeEnabled();
  });

  it('tells the server message when adding fails, and enrols in a free course', async () => {
    serve([paid, free], (call) =>
      call.path === '/api/cart/add'
        ? { status: 409, body: { message: 'You already own this course' } }
        : call.path === '/api/course/free/enroll'
          ? { status: 201, body: { courseId: 'free', enrolled: true } }
          : undefined,
    );
    const user = userEvent.setup();
    renderLearning();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Paid course' }));
    expect(await screen.findByText('Failed to add to cart')).toBeInTheDocument();
    expect(screen.getByText('You already own this course')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Learning: Free course' }));
    expect(await screen.findByText('Enrolled successfully!')).toBeInTheDocument();
    expect(screen.getByText('You can now start learning Free course')).toBeInTheDocument();
  });

  it('asks a guest to log in', async () => {
    const calls = serve([paid], undefined, { user: null });
    const user = userEvent.setup();
    const { store } = renderLearning();
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Paid course' }));
    expect(await screen.findByText('Please log in')).toBeInTheDocument();
    expect(screen.getByText('You need to log in to add courses to your cart')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/cart'))).toEqual([]);
  });
});

describe('/learning in Arabic', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('reads right to left with Arabic texts and prices in Arabic shillings', async () => {
    await act(() => i18n.changeLanguage('ar'));
    serve([
      makeCourse({ price: '12500' }),
      makeCourse({ id: 'c2', title: 'Tajweed', price: '0', isFree: true, badges: [] }),
    ]);
    renderLearning();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'تعلّم' })).toBeInTheDocument();
    const fiqh = await screen.findByRole('article', { name: 'Foundations of Fiqh' });
    const amount = new Intl.NumberFormat('ar').format(12500);
    expect(within(fiqh).getByText(`${amount} شلن`)).toBeInTheDocument();
    expect(within(fiqh).getByText('الأكثر مبيعًا')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Tajweed' })).getByText('مجانًا')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة إلى السلة: Foundations of Fiqh' })).toBeInTheDocument();
  });
});

describe('/learning: the covers', () => {
  it('fetches the first row`s covers at once and first (a phone`s largest picture), the rest lazily', async () => {
    serve(['a', 'b', 'c', 'd'].map((id) => makeCourse({ id, title: `Course ${id}`, thumbnailImage: `/media/${id}` })));
    const { container } = renderLearning();
    await screen.findByRole('article', { name: 'Course d' });
    const covers = [...container.querySelectorAll<HTMLImageElement>('.course-card__thumb img')];
    expect(
      covers.map((img) => [img.getAttribute('src'), img.getAttribute('loading'), img.getAttribute('fetchpriority')]),
    ).toEqual([
      ['/media/a', 'eager', 'high'],
      ['/media/b', 'eager', 'high'],
      ['/media/c', 'lazy', 'auto'],
      ['/media/d', 'lazy', 'auto'],
    ]);
  });
});
