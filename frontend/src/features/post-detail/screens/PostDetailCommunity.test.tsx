import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { makeCommunity, MEMBER_STATE, OUTSIDER } from '../../communities/testing/fixtures';
import { makePost } from '../testFixtures';
import { COMMENTS_URL, commentsRoute, POST_URL, renderDetail } from '../testing/detail';

/** A community's post: replies as its moderators allow them (issue 41: muted and banned members do not reply). */
const circle = makeCommunity({ slug: 'tajweed-circle', me: MEMBER_STATE });
const inCircle = makePost({ community: { id: circle.id, slug: circle.slug, name: circle.name, privacy: 'public' } });

describe("post detail, a community's post", () => {
  it("says in the app's words why the moderators refuse a reply the screen still offered (muted, banned since)", async () => {
    let code = 'COMMUNITY_MUTED';
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: inCircle },
      [`GET ${COMMENTS_URL}`]: commentsRoute([]),
      'GET /api/communities/tajweed-circle': { body: { community: circle } },
      [`POST ${COMMENTS_URL}`]: () => ({
        status: 403,
        body: { error: 'Forbidden', message: 'You are muted in this community', code },
      }),
    });
    const user = userEvent.setup();
    renderDetail();
    const box = await screen.findByRole('textbox', { name: 'Write a reply' });
    await user.type(box, 'Salaam');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(
      await screen.findByText(
        "The community's moderators have muted you there: you can read its posts, not reply to them.",
      ),
    ).toBeInTheDocument();
    code = 'COMMUNITY_BANNED';
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(
      await screen.findByText("The community's moderators have banned you from it: you cannot reply to its posts."),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Salaam');
  });

  it.each([
    [
      { ...MEMBER_STATE, muted: true },
      "The community's moderators have muted you there: you can read its posts, not reply to them.",
    ],
    [
      { ...OUTSIDER, standing: 'banned' as const },
      "The community's moderators have banned you from it: you cannot reply to its posts.",
    ],
  ])(
    "offers no reply box on a community's post to a member its moderators muted or banned (%#)",
    async (me, notice) => {
      const circle = makeCommunity({ slug: 'tajweed-circle', me });
      mockFetch({
        ...MEMBER_ROUTES,
        [`GET ${POST_URL}`]: {
          body: makePost({ community: { id: circle.id, slug: circle.slug, name: circle.name, privacy: 'public' } }),
        },
        [`GET ${COMMENTS_URL}`]: commentsRoute([]),
        'GET /api/communities/tajweed-circle': { body: { community: circle } },
      });
      renderDetail();
      expect(await screen.findByText(notice)).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Write a reply' })).not.toBeInTheDocument();
    },
  );

  it("keeps the reply box on a community's post for its members and readers", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: inCircle },
      [`GET ${COMMENTS_URL}`]: commentsRoute([]),
      'GET /api/communities/tajweed-circle': { body: { community: circle } },
    });
    renderDetail();
    expect(await screen.findByRole('textbox', { name: 'Write a reply' })).toBeInTheDocument();
  });
});
