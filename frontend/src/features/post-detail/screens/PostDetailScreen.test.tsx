import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { makeComment, makePost, ME_AS_AUTHOR } from '../testFixtures';
import { COMMENTS_URL, commentsRoute, post, POST_URL, renderDetail } from '../testing/detail';
import type { Comment } from '../types';

describe('post detail', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the post, the stats line and the comments', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: post },
      [`GET ${COMMENTS_URL}`]: commentsRoute([makeComment()]),
    });
    renderDetail();
    expect(await screen.findByText('Patience is light.')).toBeInTheDocument();
    const stats = screen.getByRole('list', { name: 'Post statistics' });
    expect(within(stats).getByText('3 likes')).toBeInTheDocument();
    expect(within(stats).getByText('1 comment')).toBeInTheDocument();
    expect(within(stats).getByText('1 repost')).toBeInTheDocument();
    expect(await screen.findByText('JazakAllahu khayran')).toBeInTheDocument();
    expect(screen.getByText('5m')).toBeInTheDocument();
    // Not mine, not on my post: no delete.
    expect(screen.queryByRole('button', { name: /Delete comment/ })).not.toBeInTheDocument();
  });

  it("says 'Post not found' with a way home for a 404", async () => {
    fakeBackoffTimers();
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: {
        status: 404,
        body: { error: 'Not Found', message: 'Post not found', code: 'POST_NOT_FOUND' },
      },
    });
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Post not found' }, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });

  it('offers Try again when the post fails to load, and recovers', async () => {
    fakeBackoffTimers();
    let calls = 0;
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: () => (++calls <= 3 ? { status: 500, body: { message: 'boom' } } : { body: post }),
      [`GET ${COMMENTS_URL}`]: commentsRoute([]),
    });
    const user = userEvent.setup();
    renderDetail();
    expect(
      await screen.findByText('Something went wrong while loading this post.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Patience is light.')).toBeInTheDocument();
    expect(await screen.findByText('No comments yet. Be the first to reply.')).toBeInTheDocument();
  });

  it('posts a comment as multipart and refreshes the list', async () => {
    const comments: Comment[] = [];
    let sent: FormData | undefined;
    // The server's count, which the screen takes after the reply (never a local +1).
    let count = post.commentCount;
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: () => ({ body: { ...post, commentCount: count, commentsCount: count } }),
      [`GET ${COMMENTS_URL}`]: commentsRoute(comments),
      [`POST ${COMMENTS_URL}`]: (init) => {
        count += 1;
        sent = init?.body as FormData;
        const added = makeComment({
          id: '01900000-0000-7000-8000-0000000000c2',
          userId: 'u1',
          user: ME_AS_AUTHOR,
          content: String(sent.get('content')),
        });
        comments.push(added);
        return { status: 201, body: added };
      },
    });
    const user = userEvent.setup();
    renderDetail();
    const box = await screen.findByRole('textbox', { name: 'Write a reply' });
    const reply = screen.getByRole('button', { name: 'Reply' });
    expect(reply).toBeDisabled();
    await user.type(box, '  Ameen  ');
    const image = new File(['png'], 'dua.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Attach images, video or audio', { selector: 'input' }), image);
    expect(screen.getByText('dua.png')).toBeInTheDocument();
    await user.click(reply);

    expect(await screen.findByText('Ameen')).toBeInTheDocument();
    expect(sent).toBeInstanceOf(FormData);
    expect(sent?.get('content')).toBe('Ameen');
    expect((sent!.getAll('media') as File[]).map((f) => f.name)).toEqual(['dua.png']);
    const post_ = fetchMock.mock.calls.find(([url, init]) => url === COMMENTS_URL && init?.method === 'POST');
    expect((post_![1]!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    // The composer is cleared and the comment count moved.
    expect(box).toHaveValue('');
    expect(screen.queryByText('dua.png')).not.toBeInTheDocument();
    expect(screen.getByText('Reply posted')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Post statistics' })).getByText('2 comments')).toBeInTheDocument();
    const commentGets = fetchMock.mock.calls.filter(
      ([url, init]) => String(url).startsWith(COMMENTS_URL) && (init?.method ?? 'GET') === 'GET',
    );
    expect(commentGets.length).toBeGreaterThanOrEqual(2);
  });

  it('explains a refused comment and shows the server message on failure', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: post },
      [`GET ${COMMENTS_URL}`]: commentsRoute([]),
      [`POST ${COMMENTS_URL}`]: {
        status: 400,
        body: { error: 'Bad Request', message: 'Comments must be 2000 characters or less', code: 'VALIDATION_FAILED' },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderDetail();
    const box = await screen.findByRole('textbox', { name: 'Write a reply' });

    // Blank: Ctrl+Enter says why nothing was sent.
    await user.type(box, '   ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Empty comment: Please add some content to your comment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();

    // Too long: live message, Reply disabled.
    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(2001));
    expect(screen.getByText('Comments must be 2,000 characters or less')).toBeInTheDocument();
    expect(screen.getByText('2,001/2,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();

    // Files: a document and a second video are refused by name / by rule.
    const input = screen.getByLabelText('Attach images, video or audio', { selector: 'input' });
    await user.upload(input, [
      new File(['x'], 'notes.pdf', { type: 'application/pdf' }),
      new File(['x'], 'a.mp4', { type: 'video/mp4' }),
      new File(['x'], 'b.mp4', { type: 'video/mp4' }),
    ]);
    expect(screen.getByText('notes.pdf is not a supported format')).toBeInTheDocument();
    expect(screen.getByText('You can upload only one video per comment.')).toBeInTheDocument();
    expect(screen.getByText('a.mp4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove a.mp4' }));
    expect(screen.queryByText('a.mp4')).not.toBeInTheDocument();

    // The server's refusal reaches the member.
    await user.clear(box);
    await user.type(box, 'Salaam');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(
      await screen.findByText('Failed to post comment: Comments must be 2000 characters or less'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Salaam');
  });

  it('deletes my own comment after confirmation', async () => {
    const mine = makeComment({ userId: 'u1', user: ME_AS_AUTHOR, content: 'My reply' });
    const comments: Comment[] = [
      mine,
      makeComment({ id: '01900000-0000-7000-8000-0000000000c3', content: 'Their reply' }),
    ];
    let count = post.commentCount;
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: () => ({ body: { ...post, commentCount: count, commentsCount: count } }),
      [`GET ${COMMENTS_URL}`]: commentsRoute(comments),
      [`DELETE ${COMMENTS_URL}/${mine.id}`]: () => {
        count -= 1;
        comments.splice(0, 1);
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByText('My reply');
    expect(screen.getAllByRole('button', { name: /Delete comment/ })).toHaveLength(1);

    // Cancel leaves it.
    await user.click(screen.getByRole('button', { name: 'Delete comment by Amina' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete comment?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete comment by Amina' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('My reply')).not.toBeInTheDocument());
    expect(screen.getByText('Their reply')).toBeInTheDocument();
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    // The count comes with the post asked again after the deletion, which may follow the toast.
    expect(
      await within(screen.getByRole('list', { name: 'Post statistics' })).findByText('0 comments'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === `${COMMENTS_URL}/${mine.id}` && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('lets the post owner delete any comment on it, and puts it back if the server refuses', async () => {
    const theirs = makeComment({ content: 'On your post' });
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: makePost({ userId: 'u1', user: ME_AS_AUTHOR }) },
      [`GET ${COMMENTS_URL}`]: commentsRoute([theirs]),
      [`DELETE ${COMMENTS_URL}/${theirs.id}`]: {
        status: 403,
        body: { message: 'You can only delete your own comments or comments on your posts' },
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete comment by Yusuf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Failed to delete comment: You can only delete your own comments or comments on your posts',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('On your post')).toBeInTheDocument();
  });

  it("reports another member's comment with a reason, never my own", async () => {
    const mine = makeComment({ userId: 'u1', user: ME_AS_AUTHOR, content: 'My reply' });
    const theirs = makeComment({ id: '01900000-0000-7000-8000-0000000000c3', content: 'Their reply' });
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: post },
      [`GET ${COMMENTS_URL}`]: commentsRoute([mine, theirs]),
      [`POST /api/comments/${theirs.id}/report`]: {
        status: 201,
        body: { success: true, reportId: 'r1', message: 'Thank you. Our moderators will review this report.' },
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByText('Their reply');
    expect(screen.getAllByRole('button', { name: /Report comment/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Report comment by Yusuf' }));
    const dialog = screen.getByRole('dialog', { name: 'Report comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell us why you are reporting this comment');
    await user.click(within(dialog).getByRole('radio', { name: 'Hate or harassment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you. Our moderators will review this comment.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/report'));
    expect(sent.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))])).toEqual([
      [`/api/comments/${theirs.id}/report`, 'POST', { reason: 'Hate or harassment' }],
    ]);
  });

  it("shows the server's answer when a comment report is refused, and keeps the reason", async () => {
    const theirs = makeComment({ content: 'Gone by now' });
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: post },
      [`GET ${COMMENTS_URL}`]: commentsRoute([theirs]),
      [`POST /api/comments/${theirs.id}/report`]: {
        status: 404,
        body: { error: 'Not Found', message: 'Comment not found', code: 'COMMENT_NOT_FOUND' },
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Report comment by Yusuf' }));
    const dialog = screen.getByRole('dialog', { name: 'Report comment' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Add details (optional)' }), 'Link farm');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Failed to report comment: Comment not found')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Add details (optional)' })).toHaveValue('Link farm');
  });

  it('leaves the deleted post when its owner deletes it here', async () => {
    const mine = makePost({ userId: 'u1', user: ME_AS_AUTHOR });
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: mine },
      [`GET ${COMMENTS_URL}`]: commentsRoute([]),
      [`DELETE ${POST_URL}`]: { body: { success: true } },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText('You deleted this post.')).toBeInTheDocument();
  });

  it('sends a guest to /auth to reply, and offers a guest no Report', async () => {
    mockFetch({
      ...GUEST_ROUTES,
      [`GET ${POST_URL}`]: { body: post },
      [`GET ${COMMENTS_URL}`]: commentsRoute([makeComment()]),
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByText('JazakAllahu khayran');
    expect(screen.queryByRole('button', { name: /Report comment/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Sign in to reply' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth');
  });

  it('says when comments are turned off instead of offering the composer', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET ${POST_URL}`]: { body: makePost({ allowComments: false }) },
      [`GET ${COMMENTS_URL}`]: commentsRoute([]),
    });
    renderDetail();
    expect(await screen.findByText('Comments are turned off for this post.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Write a reply' })).not.toBeInTheDocument();
  });
});
