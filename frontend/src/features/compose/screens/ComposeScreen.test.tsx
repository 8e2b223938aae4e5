import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';

import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { type FakeRoute, MEMBER, MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { type FakeMicrophone, installFakeMicrophone } from '../testing/fakeRecorder';
import ComposeScreen from './ComposeScreen';

const MB = 1024 * 1024;
const QUOTED_ID = '018f3c1e-0000-7000-8000-000000000042';

const created = (extra: Record<string, unknown> = {}) => ({
  status: 201,
  body: { id: 'p-new', content: 'x', user: { id: 'u1', username: 'amina' }, ...extra },
});

function PostPage() {
  return <p>Post page {useParams().id}</p>;
}

function renderCompose(
  routes: Record<string, FakeRoute | ((init?: RequestInit) => FakeRoute)> = {},
  route = '/compose',
) {
  const fetch = mockFetch({
    ...MEMBER_ROUTES,
    'GET /api/communities': { body: { communities: [], nextCursor: null } },
    ...routes,
  });
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithProviders(
    <Routes>
      <Route path="/compose" element={<ComposeScreen />} />
      <Route path="/home" element={<p>Home feed</p>} />
      <Route path="/post/:id" element={<PostPage />} />
    </Routes>,
    { route },
  );
  return { fetch, user, ...view };
}

const postButton = () => screen.getByRole('button', { name: /^(Post|Posting\.\.\.)$/ });
const textBox = () => screen.getByRole('textbox', { name: /Post text|Poll question/ });
const picker = (kind: 'image' | 'video' | 'audio' | 'document') =>
  screen.getByTestId(`compose-${kind}-input`) as HTMLInputElement;
const sized = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size });
const jpg = (name: string) => new File(['jpeg-bytes'], name, { type: 'image/jpeg' });
const postCall = (fetch: jest.Mock) =>
  fetch.mock.calls.find(([url, init]) => url === '/api/posts' && init?.method === 'POST');
const alerts = () =>
  screen
    .getAllByRole('alert')
    .map((el) => el.textContent ?? '')
    .join(' ');

describe('Create-post modal', () => {
  afterEach(() => jest.useRealTimers());

  it('is a labelled dialog with the spec’s text area, audience and reply setting', async () => {
    renderCompose();
    const dialog = screen.getByRole('dialog', { name: 'Create post' });
    expect(within(dialog).getByPlaceholderText("What's happening?")).toHaveFocus();
    expect(within(dialog).getByText('Everyone')).toBeInTheDocument();
    expect(within(dialog).getByText('Everyone can reply')).toBeInTheDocument();
    for (const name of [
      'Add photos',
      'Add a video',
      'Add an audio file',
      'Add a document',
      'Add a poll',
      'Record a voice message',
      'Text size: Normal',
      'Close',
    ])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  });

  it('enables Post only with text, an attachment or a poll with 2 filled options', async () => {
    const { user } = renderCompose();
    expect(postButton()).toBeDisabled();
    await user.type(textBox(), '   ');
    expect(postButton()).toBeDisabled();
    await user.type(textBox(), 'Salam');
    expect(postButton()).toBeEnabled();
    await user.clear(textBox());
    expect(postButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    expect(screen.getByRole('textbox', { name: 'Poll question' })).toHaveAttribute('placeholder', 'Ask a question…');
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Fajr');
    expect(postButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Option 2' }), 'Isha');
    expect(postButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove the poll' }));
    expect(postButton()).toBeDisabled();

    await user.upload(picker('document'), new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('notes.pdf')).toBeInTheDocument();
    expect(postButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove notes.pdf' }));
    expect(screen.queryByText('notes.pdf')).not.toBeInTheDocument();
    expect(postButton()).toBeDisabled();
  });

  it('counts characters and refuses text over 5000', () => {
    renderCompose();
    fireEvent.input(textBox(), { target: { value: 'a'.repeat(4990) } });
    expect(screen.getByText('4,990/5,000')).toBeInTheDocument();
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    fireEvent.input(textBox(), { target: { value: 'a'.repeat(5001) } });
    expect(alerts()).toContain('Post must be 5,000 characters or less');
    expect(screen.getByText('1 character over the limit')).toBeInTheDocument();
    expect(postButton()).toBeDisabled();
  });

  it('cycles the text size', async () => {
    const { user } = renderCompose();
    await user.click(screen.getByRole('button', { name: 'Text size: Normal' }));
    expect(textBox()).toHaveClass('compose__text--large');
    await user.click(screen.getByRole('button', { name: 'Text size: Large' }));
    expect(textBox()).toHaveClass('compose__text--small');
  });

  it('takes up to 4 images, each with a caption of at most 100 characters', async () => {
    const { user } = renderCompose();
    await user.upload(
      picker('image'),
      [1, 2, 3, 4, 5].map((n) => jpg(`p${n}.jpg`)),
    );
    expect(await screen.findByText('You can upload up to 4 images per post.')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d: p\d\.jpg$/ })).toHaveLength(4);
    expect(screen.getByRole('textbox', { name: 'Caption for photo 1' })).toHaveAttribute('maxlength', '100');
  });

  it('names files of the wrong type', async () => {
    const { user } = renderCompose();
    await user.upload(picker('image'), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(
      await screen.findByText('setup.exe is not a supported format. Use a JPEG, PNG, GIF or WebP image.'),
    ).toBeInTheDocument();
    await user.upload(picker('document'), new File(['PK'], 'archive.zip', { type: 'application/zip' }));
    expect(
      await screen.findByText('archive.zip is not a supported format. Use a PDF, DOC, DOCX or TXT document.'),
    ).toBeInTheDocument();
    expect(postButton()).toBeDisabled();
  });

  it('refuses images over 5MB and other files over 100MB', async () => {
    const { user } = renderCompose();
    await user.upload(picker('image'), sized(jpg('big.jpg'), 5 * MB + 1));
    expect(await screen.findByText('File too large: big.jpg must be 5MB or smaller.')).toBeInTheDocument();
    await user.upload(picker('video'), sized(new File(['v'], 'long.mp4', { type: 'video/mp4' }), 100 * MB + 1));
    expect(await screen.findByText('File too large: long.mp4 must be 100MB or smaller.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('takes only one video', async () => {
    const { user } = renderCompose();
    await user.upload(picker('video'), new File(['v'], 'one.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('one.mp4')).toBeInTheDocument();
    await user.upload(picker('video'), new File(['v'], 'two.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('You can upload only one video per post.')).toBeInTheDocument();
    expect(screen.queryByText('two.mp4')).not.toBeInTheDocument();
  });

  it('asks for 2 poll options before posting a poll', async () => {
    const { user, fetch } = renderCompose();
    await user.type(textBox(), 'Which prayer do you find hardest?');
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Fajr');
    await user.click(postButton());
    expect(await screen.findByText('A poll needs at least 2 options')).toBeInTheDocument();
    expect(postCall(fetch)).toBeUndefined();
  });

  it('adds poll options up to 4 and removes them down to 2', async () => {
    const { user } = renderCompose();
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Add option' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove option 4' }));
    await user.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(screen.getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remove option/ })).not.toBeInTheDocument();
  });

  it('sends the post as multipart form data, then says so and opens the new post', async () => {
    const { user, fetch, store } = renderCompose({ 'POST /api/posts': created() });
    await user.type(textBox(), 'Jumu’ah Mubarak #friday');
    await user.upload(picker('image'), [jpg('masjid.jpg'), jpg('minaret.jpg')]);
    await user.type(await screen.findByRole('textbox', { name: 'Caption for photo 2' }), 'The minaret');
    await user.click(screen.getByRole('button', { name: 'Add a poll' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Yes');
    await user.type(screen.getByRole('textbox', { name: 'Option 2' }), 'No');
    await user.click(postButton());

    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Posting progress' })).toBeInTheDocument();
    expect(textBox()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();

    expect(await screen.findByText('Post page p-new', {}, { timeout: 3000 })).toBeInTheDocument();
    const [, init] = postCall(fetch)!;
    const form = init!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('content')).toBe('Jumu’ah Mubarak #friday');
    expect(form.get('type')).toBe('poll');
    expect(form.getAll('media').map((f) => (f as File).name)).toEqual(['masjid.jpg', 'minaret.jpg']);
    expect(JSON.parse(form.get('imageCaptions') as string)).toEqual(['', 'The minaret']);
    expect(JSON.parse(form.get('pollOptions') as string)).toEqual(['Yes', 'No']);
    expect(form.has('quotedPostId')).toBe(false);
    expect((init!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(store.getState().toasts.map((t) => [t.message, t.tone])).toEqual([['Your post is live', 'success']]);
  });

  it('shows the limited-features toast for an unverified member and opens the post', async () => {
    const { user, store } = renderCompose({
      'GET /api/auth/me': { body: { user: { ...MEMBER, isEmailVerified: false } } },
      'POST /api/posts': created({ limited: true, message: 'Post created with limited features: verify your email' }),
    });
    expect(await screen.findByText(/so this post will be text only/)).toBeInTheDocument();
    await user.type(textBox(), 'First post');
    await user.click(postButton());
    expect(await screen.findByText('Post page p-new', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(store.getState().toasts[0]?.message).toMatch(/^Post created with limited features/);
  });

  it("keeps the draft and shows 'Failed to create post' with the server's text", async () => {
    const { user, store } = renderCompose({
      'POST /api/posts': {
        status: 400,
        body: { error: 'Bad Request', message: 'You can upload up to 4 images per post.', code: 'TOO_MANY_IMAGES' },
      },
    });
    await user.type(textBox(), 'Will fail');
    await user.click(postButton());
    await waitFor(() =>
      expect(store.getState().toasts[0]?.message).toBe(
        'Failed to create post: You can upload up to 4 images per post.',
      ),
    );
    expect(store.getState().toasts[0]?.tone).toBe('error');
    expect(textBox()).toHaveValue('Will fail');
    expect(postButton()).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('starts a quote post from ?quote= with a preview cut at 120 characters', async () => {
    const content = `${'word '.repeat(30)}END`;
    const { user, fetch } = renderCompose(
      {
        [`GET /api/posts/${QUOTED_ID}`]: {
          body: { id: QUOTED_ID, content, user: { id: 'u2', username: 'yusuf', displayName: 'Yusuf', name: 'Yusuf' } },
        },
        'POST /api/posts': created(),
      },
      `/compose?quote=${QUOTED_ID}`,
    );
    const preview = await screen.findByRole('figure', { name: 'Quoting Yusuf' });
    expect(within(preview).getByText('@yusuf')).toBeInTheDocument();
    const shown = within(preview).getByText(/^word/).textContent!;
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(121);
    expect(shown).not.toContain('END');

    await user.type(textBox(), 'So true');
    await user.click(postButton());
    await screen.findByText('Post page p-new', {}, { timeout: 3000 });
    const form = postCall(fetch)![1]!.body as FormData;
    expect(form.get('quotedPostId')).toBe(QUOTED_ID);
    expect(form.get('type')).toBe('quote');
  });

  it('drops a quote that cannot be loaded and says so', async () => {
    fakeBackoffTimers();
    const { user, fetch } = renderCompose({ 'POST /api/posts': created() }, '/compose?quote=missing');
    expect(
      await screen.findByText(
        'The post you wanted to quote is not available. You can still post your own text.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    await user.type(textBox(), 'Still posting');
    await user.click(postButton());
    await screen.findByText('Post page p-new', {}, { timeout: 3000 });
    expect((postCall(fetch)![1]!.body as FormData).has('quotedPostId')).toBe(false);
  }, 15000);

  it('closes on Escape', async () => {
    const { user } = renderCompose();
    await user.type(textBox(), 'draft');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const { user } = renderCompose();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside the dialog', async () => {
    const { user } = renderCompose();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(close);
    await user.tab();
    expect(close).toHaveFocus();
  });

  describe('voice recording', () => {
    let mic: FakeMicrophone;
    afterEach(() => {
      mic.restore();
      jest.useRealTimers();
    });

    it('shows a timer and stops by itself at 2:00, attaching the recording', async () => {
      mic = installFakeMicrophone();
      jest.useFakeTimers();
      renderCompose();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' }));
      });
      const timer = screen.getByRole('timer');
      expect(timer).toHaveTextContent('Recording 0:00 / 2:00');
      expect(postButton()).toBeDisabled();
      act(() => {
        jest.advanceTimersByTime(75_000);
      });
      expect(timer).toHaveTextContent('Recording 1:15 / 2:00');
      act(() => {
        jest.advanceTimersByTime(45_000);
      });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(screen.getByText('Voice message')).toBeInTheDocument();
      expect(screen.getByText('2:00')).toBeInTheDocument();
      expect(postButton()).toBeEnabled();
      expect(mic.trackStop).toHaveBeenCalled();
    });

    it('explains a refused microphone', async () => {
      mic = installFakeMicrophone({ refuse: true });
      renderCompose();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' }));
      });
      expect(await screen.findByText('Recording failed: Could not access microphone.')).toBeInTheDocument();
    });
  });
});
