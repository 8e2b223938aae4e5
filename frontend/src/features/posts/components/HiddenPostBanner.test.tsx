import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeStore } from '@/app/store';
import { i18n } from '@/i18n';
import type { Post } from '@/resources/posts';
import { makePost } from '@/resources/posts/testing';
import { authApi } from '@/resources/session/api';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';

import { APPEAL_TEXT_MAX } from '../appealApi';
import { AppealDialog } from './AppealDialog';
import { PostCard } from './PostCard';

const HIDDEN_AT = '2026-11-30T10:00:00.000Z';
const ME = { id: 'u1', name: 'Amina', displayName: 'Amina', username: 'amina', profileImage: null, avatarUrl: null };
const moderation = (over: Partial<NonNullable<Post['moderation']>> = {}): NonNullable<Post['moderation']> => ({
  status: 'hidden',
  by: 'moderators',
  reason: 'Selling in the feed',
  hiddenAt: HIDDEN_AT,
  appeal: null,
  canAppeal: true,
  ...over,
});
const hiddenPost = (over: Partial<Post> = {}) =>
  makePost({
    id: 'p9',
    userId: 'u1',
    user: { ...ME, isVerified: false },
    isOwn: true,
    content: 'My words',
    moderation: moderation(),
    ...over,
  });

function signedIn(user: object = MEMBER) {
  const store = makeStore();
  store.dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: user as never }]));
  void store.dispatch(authApi.endpoints.getMe.initiate());
  return store;
}

const banner = () => screen.getByRole('region', { name: 'Hidden post' });
const date = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

describe('a hidden post as its author reads it', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('says it was hidden by the moderators, when and why, offers Appeal, and nothing to like or share', () => {
    installFetch(() => undefined);
    renderWithProviders(<PostCard post={hiddenPost()} />, { store: signedIn() });
    expect(within(banner()).getByText(`Hidden by the moderators on ${date(HIDDEN_AT)}`)).toBeInTheDocument();
    expect(within(banner()).getByText('Selling in the feed')).toBeInTheDocument();
    expect(within(banner()).getByText('Only you and the moderators can see this post.')).toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: 'Appeal' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Post actions' })).not.toBeInTheDocument();
    expect(screen.getByText('My words')).toBeInTheDocument();
  });

  it('shows a waiting appeal, then a rejected one with the reason, and no Appeal once used', () => {
    installFetch(() => undefined);
    const waiting = { status: 'pending' as const, text: 'A gift', at: '2026-11-30T11:00:00.000Z', decision: null };
    const first = renderWithProviders(
      <PostCard post={hiddenPost({ moderation: moderation({ appeal: waiting, canAppeal: false }) })} />,
      { store: signedIn() },
    );
    expect(
      within(banner()).getByText(
        `You appealed on ${date(waiting.at)}. The moderators will review it and let you know.`,
      ),
    ).toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
    const decision = { reason: 'Still selling', at: '2026-11-30T12:00:00.000Z' };
    first.unmount();
    renderWithProviders(
      <PostCard
        post={hiddenPost({
          moderation: moderation({ appeal: { ...waiting, status: 'rejected', decision }, canAppeal: false }),
        })}
      />,
      { store: signedIn() },
    );
    expect(
      within(banner()).getByText(
        `The moderators reviewed the appeal on ${date(decision.at)} and kept the post hidden:`,
        { exact: false },
      ),
    ).toHaveTextContent('Still selling');
  });

  it("tells the author of a community's removal that only the community decides", () => {
    installFetch(() => undefined);
    renderWithProviders(
      <PostCard post={hiddenPost({ moderation: moderation({ by: 'community', canAppeal: false }) })} />,
      { store: signedIn() },
    );
    expect(within(banner()).getByText(/^Removed from its community/)).toBeInTheDocument();
    expect(within(banner()).getByText(/cannot be appealed here/)).toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  });

  it('shows a moderator the waiting appeal with its words, and offers them no Appeal', () => {
    installFetch(() => undefined, { ...MEMBER, id: 'mod', role: 'moderator' });
    const waiting = { status: 'pending' as const, text: 'A gift', at: '2026-11-30T11:00:00.000Z', decision: null };
    renderWithProviders(
      <PostCard post={hiddenPost({ isOwn: false, moderation: moderation({ appeal: waiting, canAppeal: false }) })} />,
      { store: signedIn({ ...MEMBER, id: 'mod', role: 'moderator' }) },
    );
    expect(within(banner()).getByText(/only its author and the moderators can see it/)).toBeInTheDocument();
    expect(within(banner()).getByText('A gift')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
  });

  it('reads in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    installFetch(() => undefined);
    renderWithProviders(<PostCard post={hiddenPost()} />, { store: signedIn() });
    const region = screen.getByRole('region', { name: 'منشور مخفي' });
    expect(within(region).getByText(`أخفاه المشرفون في ${date(HIDDEN_AT, 'ar')}`)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'اعتراض' })).toBeInTheDocument();
  });
});

describe('AppealDialog', () => {
  function open(answer: { status: number; body: unknown }) {
    const calls = installFetch(({ method, path }) =>
      method === 'POST' && path === '/api/posts/p9/appeal' ? answer : undefined,
    );
    const onClose = jest.fn();
    const store = signedIn();
    renderWithProviders(<AppealDialog postId="p9" reason="Selling in the feed" onClose={onClose} />, { store });
    const dialog = screen.getByRole('dialog', { name: 'Appeal this decision' });
    const sent = () => calls.filter((c) => c.path === '/api/posts/p9/appeal').map((c) => c.body);
    const toasts = () => store.getState().toasts.map((t) => t.message);
    return { dialog, onClose, sent, toasts };
  }
  const ok = {
    status: 201,
    body: {
      success: true,
      message: 'Your appeal was sent.',
      post: hiddenPost({
        moderation: moderation({
          appeal: { status: 'pending', text: 'A gift', at: HIDDEN_AT, decision: null },
          canAppeal: false,
        }),
      }),
    },
  };
  const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));

  it('names why the post was hidden, takes optional words, and closes once sent', async () => {
    const { dialog, onClose, sent, toasts } = open(ok);
    expect(dialog).toHaveTextContent('The moderators hid this post for this reason: Selling in the feed');
    expect(within(dialog).getByText('A post can be appealed once each time it is hidden.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Why should it be shown again? (optional)' }),
      '  A gift  ',
    );
    await submit(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([{ text: 'A gift' }]);
    expect(toasts()).toContain('Appeal sent. The moderators will review your post.');
  });

  it('sends no words when none are given', async () => {
    const { dialog, onClose, sent } = open(ok);
    await submit(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([{}]);
  });

  it('refuses more than 500 characters before asking the server, and says so on the field', async () => {
    const { dialog, sent, onClose } = open(ok);
    const field = within(dialog).getByRole('textbox');
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(APPEAL_TEXT_MAX + 1));
    expect(within(dialog).getByText('501/500')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your appeal must be 500 characters or less');
    expect(sent()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps the dialog and its words on the server's refusal, with its reason", async () => {
    const refusal = {
      status: 409,
      body: { code: 'ALREADY_APPEALED', message: 'You have already appealed this decision' },
    };
    const { dialog, onClose, toasts } = open(refusal);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Again');
    await submit(dialog);
    await waitFor(() => expect(toasts()).toContain('You have already appealed this decision'));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox')).toHaveValue('Again');
  });
});
