import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeCommunity, MEMBER_STATE, page } from '../testing/fixtures';
import { renderCommunities } from '../testing/renderCommunities';

const where = () => screen.getByTestId('where');
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/communities');

const MINE = makeCommunity({ slug: 'south-b-mosque', name: 'South B Mosque', category: 'mosque', me: MEMBER_STATE });
const CIRCLE = makeCommunity();
const SISTERS = makeCommunity({
  slug: 'sisters-mombasa',
  name: 'Sisters of Mombasa',
  privacy: 'private',
  city: 'Mombasa',
});

function serve(extra: (call: Call) => FakeRoute | undefined = () => undefined, user?: object | null) {
  return installFetch(
    (call) =>
      extra(call) ??
      (call.path === '/api/communities'
        ? call.url.includes('mine=true')
          ? { body: page([MINE]) }
          : { body: page([MINE, CIRCLE, SISTERS]) }
        : undefined),
    user,
  );
}

describe('/communities', () => {
  afterEach(() => jest.useRealTimers());

  it("shows the member's own communities first, then the others, with a create button", async () => {
    const calls = serve();
    await renderCommunities();
    expect(screen.getByRole('heading', { level: 1, name: 'Communities' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create community' })).toHaveAttribute('href', '/communities/new');
    const yours = await screen.findByRole('region', { name: 'Your communities' });
    // The section's heading shows while its list still loads: wait for the card itself.
    expect(await within(yours).findByRole('article', { name: 'South B Mosque' })).toHaveTextContent('Joined');
    const discover = screen.getByRole('region', { name: 'Discover communities' });
    await within(discover).findByRole('article', { name: 'Tajweed Circle' });
    // Listed once: under "Your communities", not again below.
    expect(within(discover).queryByRole('article', { name: 'South B Mosque' })).toBeNull();
    const circle = within(discover).getByRole('article', { name: 'Tajweed Circle' });
    expect(circle).toHaveTextContent('Public');
    expect(circle).toHaveTextContent('Study circle · Nairobi');
    expect(circle).toHaveTextContent('12 members');
    expect(within(circle).getByRole('link', { name: 'Tajweed Circle' })).toHaveAttribute(
      'href',
      '/communities/tajweed-circle',
    );
    const sisters = within(discover).getByRole('article', { name: 'Sisters of Mombasa' });
    expect(sisters).toHaveTextContent('Private');
    expect(within(sisters).getByRole('button', { name: 'Request to join' })).toBeInTheDocument();
    expect(listCalls(calls).some((c) => c.url.includes('mine=true'))).toBe(true);
  });

  it('filters by category chip, city and search, in the address, and searches once typing pauses', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = serve();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await renderCommunities();
    await screen.findByRole('article', { name: 'Tajweed Circle' });

    await user.click(screen.getByRole('radio', { name: 'Mosque' }));
    expect(where()).toHaveTextContent(/^\/communities\?category=mosque$/);
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('category=mosque'));
    // A filtered page is one list of results: "Your communities" stands apart only unfiltered.
    expect(screen.queryByRole('region', { name: 'Your communities' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Results' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Nairobi');
    await user.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'quran');
    act(() => jest.advanceTimersByTime(310));
    expect(where()).toHaveTextContent('/communities?q=quran&category=mosque&city=Nairobi');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toMatch(/q=quran&category=mosque&city=Nairobi/));
    // Only the finished words were asked for, not each key.
    expect(listCalls(calls).filter((c) => /q=qu(r|ra)?&/.test(c.url))).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(where()).toHaveTextContent(/^\/communities\?q=quran&city=Nairobi$/);
  });

  it('loads the next page by nextCursor', async () => {
    const calls = serve((call) =>
      call.path !== '/api/communities' || call.url.includes('mine=true')
        ? undefined
        : call.url.includes('q=none')
          ? { body: page([]) }
          : call.url.includes('cursor=n1')
            ? { body: page([SISTERS]) }
            : { body: page([CIRCLE], 'n1') },
    );
    const user = userEvent.setup();
    await renderCommunities();
    await screen.findByRole('article', { name: 'Tajweed Circle' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Sisters of Mombasa' })).toBeInTheDocument();
    expect(listCalls(calls).some((c) => c.url.includes('cursor=n1'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('lets a guest browse, without a create button or a list of their own, and sends Join to sign in', async () => {
    const calls = serve(undefined, null);
    const user = userEvent.setup();
    await renderCommunities();
    const circle = await screen.findByRole('article', { name: 'Tajweed Circle' });
    expect(screen.queryByRole('link', { name: 'Create community' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your communities' })).toBeNull();
    expect(listCalls(calls).some((c) => c.url.includes('mine=true'))).toBe(false);
    await user.click(within(circle).getByRole('button', { name: 'Join' }));
    expect(where()).toHaveTextContent(/^\/auth$/);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('speaks Arabic, right to left, with the Arabic plural of the member count', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      serve(undefined, null);
      await renderCommunities();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'المجتمعات' })).toBeInTheDocument();
      const circle = await screen.findByRole('article', { name: 'Tajweed Circle' });
      expect(circle).toHaveTextContent('12 عضوًا');
      expect(circle).toHaveTextContent('حلقة دراسة');
      expect(within(circle).getByRole('button', { name: 'انضمام' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'مسجد' })).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'بحث في المجتمعات' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
