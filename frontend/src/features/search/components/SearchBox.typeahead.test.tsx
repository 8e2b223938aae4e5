import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { deferred } from '@/testing/deferred';
import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { TYPEAHEAD_DELAY_MS } from '../hooks/usePeopleTypeahead';
import { person } from '../testFixtures';
import { calls, holdCalls, renderSearch, SEARCH_ROUTES } from '../testRender';

const box = () => within(screen.getByRole('search')).getByRole('combobox');
const listbox = () => screen.getByRole('listbox', { hidden: true });
const peopleCalls = (fetch: jest.Mock) => calls(fetch, '/api/search/people').map((c) => c.url);

const AMINA = person({ id: 'u3', username: 'amina_y', name: 'Amina Yusuf', isFollowing: true });
const AMIR = person({ id: 'u4', username: 'amir', name: 'أمير' });
const PEOPLE = { users: [AMINA, AMIR] };

describe('people in the search box as the member types', () => {
  afterEach(async () => {
    jest.useRealTimers();
    await act(() => i18n.changeLanguage('en'));
  });

  it(`asks once typing pauses for ${TYPEAHEAD_DELAY_MS} ms, from two characters, never for a question`, async () => {
    jest.useFakeTimers();
    const fetch = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/people': { body: PEOPLE } });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderSearch();
    await user.type(box(), 'a');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(peopleCalls(fetch)).toEqual([]);

    await user.type(box(), 'mi');
    await act(() => jest.advanceTimersByTimeAsync(TYPEAHEAD_DELAY_MS - 1));
    expect(peopleCalls(fetch)).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    // One request for what was typed by the pause, none for 'am' on the way.
    expect(peopleCalls(fetch)).toEqual(['/api/search/people?q=ami&limit=8']);

    await user.clear(box());
    await user.type(box(), 'how do I pray?');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(peopleCalls(fetch)).toHaveLength(1);
  });

  it('lists them under the box as a listbox the arrows move through; Enter opens the active one', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/people': { body: PEOPLE } });
    const user = userEvent.setup();
    renderSearch();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.type(box(), 'ami');
    const list = await screen.findByRole('listbox', { name: 'People' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    const [amina, amir] = within(list).getAllByRole('option');
    expect(amina).toHaveTextContent('Amina Yusuf@amina_yFollowing');
    // An Arabic name keeps its own direction; the handle reads left to right.
    expect(within(amir!).getByText('أمير').tagName).toBe('BDI');
    expect(within(amir!).getByText('@amir')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('2 people found. Use the up and down arrows to choose.')).toHaveAttribute('role', 'status');

    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', amina!.id);
    expect(amina).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', amir!.id);
    expect(amina).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', amina!.id);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', amir!.id);
    expect(box()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/profile/amir');
  });

  it('closes on Escape, and Enter with no option active still searches', async () => {
    const fetch = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/people': { body: PEOPLE } });
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), 'ami');
    await screen.findByRole('listbox', { name: 'People' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(listbox()).not.toBeVisible();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=ami');
    expect(calls(fetch, '/api/search/results').map((c) => c.url)).toEqual(['/api/search/results?q=ami']);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a person on a click, and offers the #tag typed', async () => {
    const fetch = mockFetch({ ...MEMBER_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/people': { body: PEOPLE } });
    const user = userEvent.setup();
    const first = renderSearch();
    await user.type(box(), '@ami');
    await user.click(await screen.findByRole('option', { name: /Amina Yusuf/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/profile/amina_y');
    expect(peopleCalls(fetch)).toEqual(['/api/search/people?q=%40ami&limit=8']);
    first.unmount();

    renderSearch();
    await user.type(box(), '#sabr');
    const tag = await screen.findByRole('option', { name: 'Posts tagged #sabr' });
    await user.keyboard('{ArrowDown}');
    expect(tag).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search?hashtag=sabr');
    expect(peopleCalls(fetch)).toHaveLength(1);
  });

  it('cancels the request of a text typed over, and shows only the answer to what is typed now', async () => {
    const gate = deferred();
    const base = mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/search/people': { body: { users: [AMINA] } },
    });
    const fetch = holdCalls(base, '/api/search/people?q=am&', gate.promise);
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), 'am');
    await waitFor(() => expect(peopleCalls(fetch)).toHaveLength(1));
    await user.type(box(), 'i');
    await waitFor(() => expect(peopleCalls(fetch)).toHaveLength(2));
    const [first, second] = fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/search/people'));
    expect((first![1] as RequestInit).signal?.aborted).toBe(true);
    expect((second![1] as RequestInit).signal?.aborted).toBe(false);
    expect(await screen.findByRole('option', { name: /Amina Yusuf/ })).toBeInTheDocument();
    gate.resolve();
  });

  it('says when no one is found, in Arabic too', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), 'zzz');
    expect(await screen.findByText('No one found for "zzz"')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await act(() => i18n.changeLanguage('ar'));
    await user.clear(box());
    await user.type(box(), 'يوس');
    expect(await screen.findByText('لم يُعثر على أحد باسم "يوس"')).toBeInTheDocument();
  });
});
