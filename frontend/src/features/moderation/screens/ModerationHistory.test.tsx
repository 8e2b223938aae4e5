import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';

import { type Call, installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';

import { SLIDER_SETTLE_MS } from '../components/VersionSlider';
import { postDiff, postEvents, postState } from '../testing/fixtures';
import type { ReportGroup } from '../types';
import ModerationScreen from './ModerationScreen';

const MODERATOR = { ...MEMBER, role: 'moderator' };

const reported = (over: Partial<ReportGroup> = {}): ReportGroup => ({
  targetType: 'post',
  targetId: 'p1',
  streamId: 'post-p1',
  count: 1,
  reasons: ['Spam link'],
  firstReportedAt: '2026-11-29T11:30:00.000Z',
  lastReportedAt: '2026-11-29T11:30:00.000Z',
  status: 'open',
  resolution: null,
  history: { first: { streamId: 'post-p1', version: 1 }, latest: { streamId: 'post-p1', version: 1 } },
  target: { text: 'The edited words', author: { id: 'u7', username: 'yusuf' }, state: 'visible', image: null },
  reporters: [],
  ...over,
});

/** The post's history over a fake server: state at any version, the diff of neighbours, its events. */
function answerHistory(call: Call) {
  const url = new URL(call.url, 'http://localhost');
  if (call.path === '/api/admin/audit/streams/post-p1/state') {
    const at = url.searchParams.get('at');
    return { body: postState(at === null ? 2 : Number(at)) };
  }
  if (call.path === '/api/admin/audit/streams/post-p1/diff')
    return { body: postDiff(Number(url.searchParams.get('from')), Number(url.searchParams.get('to'))) };
  if (call.path === '/api/admin/audit/streams/post-p1/events') return { body: postEvents() };
  return undefined;
}

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

function render(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/moderation"
        element={
          <>
            <ModerationScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const stateCalls = (calls: Call[]) =>
  calls.filter((c) => c.path.endsWith('/state')).map((c) => new URL(c.url, 'http://x').search);

describe('/moderation: the history as members saw it', () => {
  it('opens at the last version, and the slider goes back to the original words with the edit marked', async () => {
    const calls = installFetch(answerHistory, MODERATOR);
    render('/moderation?tab=audit&stream=post-p1');
    const card = await screen.findByRole('article', { name: 'Post at version 2' });
    expect(within(card).getByText('The edited words')).toBeInTheDocument();
    expect(await screen.findByText('1 field changed since version 2, marked below.')).toBeInTheDocument();

    const slider = screen.getByRole('slider', { name: 'Version' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '2');
    expect(slider).toHaveValue('2');
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^Version 3 of 3 · PostHidden · Nov 29, 2026/);

    // Two steps in quick succession ask for one version only, once the slider rests.
    fireEvent.input(slider, { target: { value: '1' } });
    fireEvent.input(slider, { target: { value: '0' } });
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^Version 1 of 3 · PostCreated/);
    const original = await screen.findByRole('article', { name: 'Post at version 0' });
    expect(within(original).getByText('The original words')).toBeInTheDocument();
    expect(screen.getByText('The first version: nothing came before it.')).toBeInTheDocument();
    expect(stateCalls(calls)).toEqual(['', '?at=0']);
    expect(screen.getByLabelText('where')).toHaveTextContent('/moderation?tab=audit&stream=post-p1&at=0');

    fireEvent.input(slider, { target: { value: '1' } });
    const edited = await screen.findByRole('article', { name: 'Post at version 1' });
    const words = within(edited).getByText('The edited words').closest('.history-field') as HTMLElement;
    await waitFor(() => expect(words).toHaveClass('history-field--changed'));
    expect(words).toHaveTextContent('Before: The original words');
    expect(screen.getByText('3 fields changed since version 1, marked below.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/diff?from=0&to=1'))).toBe(true);
  });

  it('moves to the version an event made from the timeline', async () => {
    installFetch(answerHistory, MODERATOR);
    const user = userEvent.setup();
    render('/moderation?tab=audit&stream=post-p1');
    await screen.findByRole('article', { name: 'Post at version 2' });
    const timeline = await screen.findByRole('list', { name: 'Events, oldest first' });
    await user.click(within(timeline).getByRole('button', { name: 'Show version 1' }));
    expect(await screen.findByRole('article', { name: 'Post at version 0' })).toHaveTextContent('The original words');
    expect(screen.getByRole('slider', { name: 'Version' })).toHaveValue('0');
  });

  it("opens the reported item's history at the moment of the report, from the report's row", async () => {
    const calls = installFetch((call) => {
      if (call.path === '/api/admin/reports') return { body: { items: [reported()], nextCursor: null } };
      return answerHistory(call);
    }, MODERATOR);
    const user = userEvent.setup();
    render('/moderation');
    const row = await screen.findByRole('listitem', { name: 'Post @yusuf' });
    const link = within(row).getByRole('link', { name: 'History at the report' });
    expect(link).toHaveAttribute('href', '/moderation?tab=audit&stream=post-p1&at=1');
    await user.click(link);
    const card = await screen.findByRole('article', { name: 'Post at version 1' });
    expect(within(card).getByText('The edited words')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    expect(stateCalls(calls)).toEqual(['?at=1']);
  });

  it('opens the item as it is now when the report predates the links', async () => {
    installFetch((call) => {
      if (call.path === '/api/admin/reports')
        return { body: { items: [reported({ history: { first: null, latest: null } })], nextCursor: null } };
      return undefined;
    }, MODERATOR);
    render('/moderation');
    const row = await screen.findByRole('listitem', { name: 'Post @yusuf' });
    expect(within(row).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/moderation?tab=audit&stream=post-p1',
    );
  });

  it('filters the queue by open or closed and by a reason', async () => {
    const calls = installFetch((call) => {
      if (call.path === '/api/admin/reports') return { body: { items: [], nextCursor: null } };
      return undefined;
    }, MODERATOR);
    const user = userEvent.setup();
    render('/moderation');
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(await screen.findByText('No closed reports yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reason reported' }), ' Spam ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No reports with the reason “Spam”.')).toBeInTheDocument();
    const asked = calls.filter((c) => c.path === '/api/admin/reports').map((c) => new URL(c.url, 'http://x').search);
    expect(asked).toEqual(['?status=open', '?status=closed', '?status=closed&reason=Spam']);
    await user.click(screen.getByRole('button', { name: 'Show all reasons' }));
    expect(await screen.findByText('No closed reports yet.')).toBeInTheDocument();
  });

  it('waits for the slider to rest before asking', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const calls = installFetch(answerHistory, MODERATOR);
      render('/moderation?tab=audit&stream=post-p1');
      await screen.findByRole('article', { name: 'Post at version 2' });
      const slider = screen.getByRole('slider', { name: 'Version' });
      fireEvent.input(slider, { target: { value: '1' } });
      act(() => jest.advanceTimersByTime(SLIDER_SETTLE_MS - 50));
      expect(stateCalls(calls)).toEqual(['']);
      act(() => jest.advanceTimersByTime(100));
      await screen.findByRole('article', { name: 'Post at version 1' });
      expect(stateCalls(calls)).toEqual(['', '?at=1']);
    } finally {
      jest.useRealTimers();
    }
  });
});
