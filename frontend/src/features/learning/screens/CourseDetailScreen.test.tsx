import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeDetail } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { CourseDetail } from '../types';

function serve(
  course: CourseDetail | null,
  extra: (call: Call) => FakeRoute | undefined = () => undefined,
  user: object | null | undefined = undefined,
) {
  return installFetch(
    (call) =>
      extra(call) ??
      (call.path === '/api/courses/c1'
        ? course
          ? { body: course }
          : { status: 404, body: { error: 'Not Found', message: 'Course not found', code: 'NOT_FOUND' } }
        : call.path === '/api/courses/c1/reviews'
          ? { body: { reviews: [], nextCursor: null } }
          : undefined),
    user,
  );
}

describe('/course/:id', () => {
  it('shows the course: badges, title, rating, teacher, about, what you will learn, curriculum totals and the instructor bio', async () => {
    serve(makeDetail());
    renderLearning('/course/c1');
    expect(screen.getByRole('status', { name: 'Loading course' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Foundations of Fiqh' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/learning');
    expect(screen.getByText('Best Seller')).toBeInTheDocument();
    expect(screen.getByText('Created by Ustadh Hamza')).toBeInTheDocument();
    expect(screen.getByText('The pillars of wudu')).toBeInTheDocument();
    expect(screen.getByText('2 sections • 3 lectures • 4h 32m total length')).toBeInTheDocument();
    expect(screen.getByText('Taught fiqh in Mombasa for ten years.')).toBeInTheDocument();
  });

  it('opens only the lessons the viewer may watch; locked ones are dimmed and inert; sections expand and collapse', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    renderLearning('/course/c1');
    const preview = await screen.findByRole('link', { name: /What breaks wudu/ });
    expect(preview).toHaveAttribute('href', '/course/c1/learn?lesson=l1');
    const ghusl = screen.getByText('Ghusl').closest('.lesson-row') as HTMLElement;
    expect(ghusl.tagName).toBe('SPAN');
    expect(ghusl).toHaveClass('lesson-row--locked');
    expect(ghusl).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: /Ghusl/ })).toBeNull();

    const prayer = screen.getByRole('button', { name: /^Prayer/ });
    expect(prayer).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('The times of prayer')).not.toBeVisible();
    await user.click(prayer);
    expect(prayer).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The times of prayer')).toBeVisible();
  });

  it('marks completed and current lessons for an enrolled student and shows the owned state', async () => {
    const course = makeDetail(
      {},
      { enrolled: true, progress: { completed: 1, total: 3, percent: 33 }, currentLessonId: 'l2' },
    );
    course.sections[0]!.lessons = [
      { ...course.sections[0]!.lessons[0]!, completed: true },
      { ...course.sections[0]!.lessons[1]!, locked: false, isCurrent: true },
    ];
    serve(course);
    renderLearning('/course/c1');
    expect(await screen.findByRole('link', { name: /What breaks wudu.*\(Completed\)/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ghusl.*\(Continue here\)/ })).toHaveAttribute('aria-current', 'step');
    expect(screen.getAllByText('You own this course').length).toBeGreaterThan(0);
    for (const link of screen.getAllByRole('link', { name: 'Go to Course' }))
      expect(link).toHaveAttribute('href', '/course/c1/learn');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    // An enrolled student may review the course.
    expect(screen.getByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
  });

  it('starts a review with no rating chosen and asks for one instead of sending', async () => {
    const calls = serve(makeDetail({}, { enrolled: true }), (call) =>
      call.method === 'POST' && call.path === '/api/courses/c1/reviews'
        ? { status: 201, body: { id: 'r1', courseId: 'c1', rating: 4, comment: '' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/course/c1');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    for (const star of within(form).getAllByRole('radio')) expect(star).not.toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Choose a rating from 1 to 5 stars before saving your review.',
    );
    expect(within(form).getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      'Choose a rating from 1 to 5 stars before saving your review.',
    );
    expect(calls.some((c) => c.path === '/api/courses/c1/reviews' && c.method === 'POST')).toBe(false);

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/courses/c1/reviews' && c.method === 'POST')?.body).toEqual({
      rating: 4,
      comment: '',
    });
  });

  it('tells the owner where their refund stands: until when while allowed, why not once past 30% of the lessons', async () => {
    const refund = {
      orderId: 'o1',
      eligible: true,
      reason: null,
      maxProgress: 0.3,
      until: '2026-01-11T00:00:00.000Z',
      consumedCourseIds: [],
    };
    serve(makeDetail({}, { enrolled: true, refund }));
    const { unmount } = renderLearning('/course/c1');
    const panel = await screen.findByRole('complementary', { name: 'Purchase options' });
    expect(within(panel).getByRole('note')).toHaveTextContent(
      'Refundable until Jan 11, 2026 while you have completed or watched at most 30% of the lessons.',
    );
    expect(within(within(panel).getByRole('note')).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    unmount();

    serve(
      makeDetail(
        {},
        {
          enrolled: true,
          progress: { completed: 2, total: 3, percent: 67 },
          refund: { ...refund, eligible: false, reason: 'COURSE_CONSUMED', consumedCourseIds: ['c1'] },
        },
      ),
    );
    renderLearning('/course/c1');
    const owned = await screen.findByRole('complementary', { name: 'Purchase options' });
    expect(within(owned).getByRole('note')).toHaveTextContent(
      'You have completed or watched more than 30% of this course’s lessons, so it can no longer be refunded.',
    );
  });

  it('tells a buyer-to-be the refund rule the server sends (its window and share), in English and Arabic', async () => {
    serve(makeDetail({ refundPolicy: { windowDays: 7, maxProgress: 0.45 } }));
    const { unmount } = renderLearning('/course/c1');
    const panel = await screen.findByRole('complementary', { name: 'Purchase options' });
    expect(
      within(panel).getByText(
        'Refunds are possible within 7 days while you have completed or watched at most 45% of the lessons.',
      ),
    ).toBeInTheDocument();
    unmount();

    serve(makeDetail({ refundPolicy: { windowDays: 1, maxProgress: 0.1 } }));
    const { unmount: again } = renderLearning('/course/c1');
    expect(
      await screen.findByText(
        'Refunds are possible within 1 day while you have completed or watched at most 10% of the lessons.',
      ),
    ).toBeInTheDocument();
    again();

    await act(() => i18n.changeLanguage('ar'));
    try {
      serve(makeDetail({ refundPolicy: { windowDays: 7, maxProgress: 0.45 } }));
      renderLearning('/course/c1');
      const number = (n: number) => new Intl.NumberFormat('ar').format(n);
      expect(
        await screen.findByText(
          `يمكن الاسترداد خلال ${number(7)} أيام ما لم تتجاوز نسبة الدروس المكتملة أو المشاهَدة ${number(45)}٪.`,
        ),
      ).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("says 'Course not found' for an unknown id, with Back to Courses", async () => {
    serve(null);
    renderLearning('/course/c1');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByText("The course you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/learning');
  });

  it('adds to the cart through the detail variant, then offers Go to Cart; Buy Now goes to checkout with this course', async () => {
    const calls = serve(makeDetail(), (call) =>
      call.method === 'POST' && call.path === '/api/cart/items'
        ? { status: 201, body: [{ courseId: 'c1' }] }
        : undefined,
    );
    const user = userEvent.setup();
    const { store } = renderLearning('/course/c1');
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    const panel = await screen.findByRole('complementary', { name: 'Purchase options' });
    expect(within(panel).getByText('KSh 1,500')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Refunds are possible within 7 days while you have completed or watched at most 30% of the lessons.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Certificate of completion (optional)')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add to Cart' }));
    expect(calls.find((c) => c.path === '/api/cart/items' && c.method === 'POST')?.body).toEqual({
      courseId: 'c1',
      quantity: 1,
    });
    expect(await screen.findByText('Added to cart!')).toBeInTheDocument();
    expect(screen.getByText('Course added to your shopping cart.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
    await user.click(within(panel).getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout?courseId=c1');
  });

  it("offers the course's own teacher neither Add to Cart nor Buy Now, but says it is theirs with the way to edit it", async () => {
    // Answered without the teacher flag (a copy kept from before the member was known): the session still names them.
    const own = makeDetail({
      vendor: { userId: 'u1', bio: '', user: { id: 'u1', name: 'Amina', username: 'amina', profileImage: null } },
    });
    const calls = serve(own);
    const { store } = renderLearning('/course/c1');
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    const panel = await screen.findByRole('complementary', { name: 'Purchase options' });
    expect(within(panel).getByText('You teach this course')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Edit course' })).toHaveAttribute('href', '/teach/c1');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    // The phone's bar offers no purchase sheet either.
    expect(screen.queryByRole('button', { name: 'Get Course' })).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Edit course' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/teach/c1');
    expect(calls.some((c) => c.path.startsWith('/api/cart'))).toBe(false);
  });

  it("tells a guest 'Login required'; the mobile bar's Get Course opens the purchase sheet", async () => {
    serve(makeDetail(), undefined, null);
    const user = userEvent.setup();
    const { store } = renderLearning('/course/c1');
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    await screen.findByRole('heading', { level: 1, name: 'Foundations of Fiqh' });
    expect(screen.getByText('7-day refund')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Course' }));
    const sheet = screen.getByRole('dialog', { name: 'Purchase options' });
    await user.click(within(sheet).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Login required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to add courses to your cart.')).toBeInTheDocument();
  });
});
