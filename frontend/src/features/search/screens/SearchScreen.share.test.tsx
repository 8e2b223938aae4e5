import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeCommunity, MEMBER_STATE } from '@/features/communities/testing/fixtures';
import { MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { qaItem, qaPage, QUESTION } from '../testFixtures';
import { calls, renderSearch, SEARCH_ROUTES } from '../testRender';

const box = () => within(screen.getByRole('search')).getByRole('combobox');

async function askAndOpenShare(user: ReturnType<typeof userEvent.setup>) {
  await user.type(box(), `${QUESTION}{Enter}`);
  const card = await screen.findByRole('article', { name: 'AI Scholar' });
  await user.click(within(card).getByRole('button', { name: 'Share' }));
  const dialog = screen.getByRole('dialog', { name: 'Share to the Q&A Community' });
  // The dialog waits for the session before it offers its choices (a guest is asked to sign in).
  await within(dialog).findByRole('button', { name: 'Share Answer' });
  return dialog;
}

describe('/search: sharing an answer to the Q&A Community', () => {
  it('offers Share Publicly (on) and Post Anonymously (off, only while public); Share Answer needs public', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    const dialog = await askAndOpenShare(user);
    const pub = within(dialog).getByRole('switch', { name: 'Share Publicly' });
    const anon = within(dialog).getByRole('switch', { name: 'Post Anonymously' });
    expect(pub).toBeChecked();
    expect(anon).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Share Answer' })).toBeEnabled();

    await user.click(pub);
    expect(pub).not.toBeChecked();
    expect(within(dialog).queryByRole('switch', { name: 'Post Anonymously' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Share Answer' })).toBeDisabled();

    await user.click(pub);
    expect(within(dialog).getByRole('switch', { name: 'Post Anonymously' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shares anonymously: the payload, the toast, the dialog closes, toggles reset, feed and results reload', async () => {
    let feedCalls = 0;
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/qa/feed': () => ({
        body: qaPage(feedCalls++ === 0 ? [] : [qaItem({ id: 's1', isAnonymous: true, user: null })]),
      }),
      'POST /api/ai-share': { status: 201, body: { success: true, id: 's1' } },
    });
    const user = userEvent.setup();
    renderSearch();
    // A search first, so there are cached results to reload.
    await user.type(box(), 'patience{Enter}');
    await screen.findByText('No results found for "patience"');
    await user.clear(box());
    const dialog = await askAndOpenShare(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Post Anonymously' }));
    await user.click(within(dialog).getByRole('button', { name: 'Share Answer' }));

    const toast = (await screen.findByText('Your Islamic Q&A has been shared anonymously to the Search feed.')).closest(
      'li',
    ) as HTMLElement;
    expect(within(toast).getByText('Shared to Search!')).toBeInTheDocument();
    expect(toast).toHaveClass('toast--success');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [share] = calls(fetchMock, '/api/ai-share', 'POST');
    expect(JSON.parse(String(share?.body))).toEqual({
      question: QUESTION,
      answer: expect.stringContaining('2:153'),
      anonymous: true,
    });
    // §4: the Q&A feed reloads at once; the cached results are dropped, so searching again asks the
    // server (within the 30 s cache a repeated search would otherwise be answered from memory).
    await waitFor(() => expect(feedCalls).toBe(2));
    expect(calls(fetchMock, '/api/search/results')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Q&A Community Feed' }));
    expect(
      await within(screen.getByRole('list', { name: 'Q&A Community Feed' })).findByRole('article', {
        name: `Shared answer: ${QUESTION}`,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Search & Ask AI' }));

    // The toggles are back to public on, anonymous off.
    await user.click(
      within(screen.getByRole('article', { name: 'AI Scholar' })).getByRole('button', { name: 'Share' }),
    );
    const again = screen.getByRole('dialog', { name: 'Share to the Q&A Community' });
    expect(within(again).getByRole('switch', { name: 'Share Publicly' })).toBeChecked();
    expect(within(again).getByRole('switch', { name: 'Post Anonymously' })).not.toBeChecked();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));

    await user.clear(box());
    await user.type(box(), 'patience{Enter}');
    await waitFor(() => expect(calls(fetchMock, '/api/search/results')).toHaveLength(2));
  });

  it("shares publicly with 'publicly' in the toast", async () => {
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'POST /api/ai-share': { status: 201, body: { success: true, id: 's2' } },
    });
    const user = userEvent.setup();
    renderSearch();
    const dialog = await askAndOpenShare(user);
    await user.click(within(dialog).getByRole('button', { name: 'Share Answer' }));
    expect(
      await screen.findByText('Your Islamic Q&A has been shared publicly to the Search feed.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetchMock, '/api/ai-share', 'POST')[0]?.body))).toMatchObject({ anonymous: false });
  });

  it("keeps the dialog and its choices open with 'Error' / 'Failed to share answer. Please try again.' on failure", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'POST /api/ai-share': { status: 500, body: { message: 'down' } },
    });
    const user = userEvent.setup();
    renderSearch();
    const dialog = await askAndOpenShare(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Post Anonymously' }));
    await user.click(within(dialog).getByRole('button', { name: 'Share Answer' }));
    const toast = (await screen.findByText('Failed to share answer. Please try again.')).closest('li') as HTMLElement;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(toast).toHaveClass('toast--error');
    expect(screen.getByRole('dialog', { name: 'Share to the Q&A Community' })).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Post Anonymously' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Share Answer' })).toBeEnabled();
  });

  it("shares into one of the member's communities, saying a private one keeps it to its members", async () => {
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/communities': {
        body: {
          communities: [
            makeCommunity({ id: 'c1', slug: 'tajweed', name: 'Tajweed Circle', me: MEMBER_STATE }),
            makeCommunity({ id: 'c2', slug: 'sisters', name: 'Sisters', privacy: 'private', me: MEMBER_STATE }),
          ],
          nextCursor: null,
        },
      },
      'POST /api/ai-share': { status: 201, body: { success: true, id: 's3' } },
    });
    const user = userEvent.setup();
    renderSearch();
    const dialog = await askAndOpenShare(user);
    const target = await within(dialog).findByRole('combobox', { name: 'Also share in' });
    expect(within(target).getByRole('option', { name: 'The Q&A feed only' })).toBeInTheDocument();
    await user.selectOptions(target, 'c2');
    expect(within(dialog).getByRole('note')).toHaveTextContent('for its members only');
    await user.click(within(dialog).getByRole('button', { name: 'Share Answer' }));
    await waitFor(() => expect(calls(fetchMock, '/api/ai-share', 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, '/api/ai-share', 'POST')[0]?.body))).toMatchObject({
      anonymous: false,
      communityId: 'c2',
    });
  });
});
