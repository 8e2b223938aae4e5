import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';

import { deferred } from '@/testing/deferred';
import { fakeResponse, type FakeRoute, MEMBER } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import { makeCommunity, MEMBER_STATE, page } from '../../communities/testing/fixtures';
import type { UploadMetadata } from '../../uploads';
import { fakeUploadServer } from '../../uploads/testing/fakeUploadServer';
import { VideoComposer } from './VideoComposer';

const MB = 1024 * 1024;
const GOOD: UploadMetadata = { width: 640, height: 360, duration: 4.5, size: 2.5 * MB };

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A fetch honouring abort signals (a paused upload aborts its chunk), over the fake upload API. */
function installApi(extra: (sent: Sent) => FakeRoute | undefined = () => undefined) {
  const server = fakeUploadServer();
  const sent: Sent[] = [];
  const holds = new Map<string, Promise<void>>();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0]!;
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init?.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : undefined;
    sent.push({ method, path, body });
    const hold = holds.get(path);
    if (hold) {
      holds.delete(path);
      await new Promise<void>((resolve, reject) => {
        void hold.then(resolve);
        init?.signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        );
      });
    }
    if (path === '/api/auth/csrf') return fakeResponse({ body: { csrfToken: 'tok' } });
    if (path === '/api/auth/me') return fakeResponse({ body: { user: MEMBER } });
    const route = server.answer(method, path, body) ?? extra({ method, path, body });
    return fakeResponse(route ?? { status: 404, body: { message: 'Not found' } });
  }) as typeof fetch;
  return { server, sent, holds };
}

/** The member has no drafts (and, unanswered here, no communities: the API's 404). */
const noDrafts = ({ path }: Sent): FakeRoute | undefined =>
  path === '/api/posts/video/drafts' ? { body: [] } : undefined;

const meta = (value: UploadMetadata | Error) =>
  jest.fn(async () => {
    if (value instanceof Error) throw value;
    return value;
  });

function renderComposer(readMetadata = meta(GOOD), at = '/compose') {
  return renderScreens(
    <Route path="/compose" element={<VideoComposer hash={async () => 'b'.repeat(64)} readMetadata={readMetadata} />} />,
    at,
  );
}

const pick = (file: File) => fireEvent.change(screen.getByTestId('video-input'), { target: { files: [file] } });
const mp4 = (size = 2.5 * MB, name = 'clip.mp4') =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: 7 });

/** The composer's own message (the same text also shows as a toast). */
const refused = (text: string) =>
  waitFor(() => expect(document.querySelector('.video-compose__error')).toHaveTextContent(text));

describe('Create Video Post (/compose?mode=video)', () => {
  beforeEach(() => localStorage.clear());

  it('refuses bad clips with the spec texts', async () => {
    installApi(noDrafts);
    const reader = jest.fn<Promise<UploadMetadata>, [File]>();
    renderComposer(reader as never);
    await screen.findByText('@amina');

    const big = mp4(10);
    Object.defineProperty(big, 'size', { value: 100 * MB + 1 });
    pick(big);
    await refused('Video file must be 100MB or smaller');
    pick(new File(['x'], 'clip.webm', { type: 'video/webm' }));
    await refused('Only MP4 format is supported for optimal compatibility');
    expect(reader).not.toHaveBeenCalled();

    reader.mockResolvedValueOnce({ width: 0, height: 0, duration: 3, size: 10 });
    pick(mp4(10));
    await refused('File appears to be audio-only or corrupted');
    reader.mockResolvedValueOnce({ width: 640, height: 360, duration: 91, size: 10 });
    pick(mp4(10));
    await refused('Video must be 90 seconds or shorter');
    reader.mockRejectedValueOnce(new Error('Failed to load video metadata'));
    pick(mp4(10));
    await refused('Video file is corrupted or invalid');
    expect(screen.getByRole('button', { name: 'Post Video' })).toBeDisabled();
  });

  it('colours the caption counter and keeps Post off without a trimmed caption', async () => {
    installApi(noDrafts);
    renderComposer();
    const caption = await screen.findByLabelText('Caption');
    fireEvent.input(caption, { target: { value: 'x'.repeat(2151) } });
    expect(screen.getByText('49 characters left')).toHaveAttribute('data-tone', 'warning');
    fireEvent.input(caption, { target: { value: 'x'.repeat(2191) } });
    expect(screen.getByText('9 characters left')).toHaveAttribute('data-tone', 'danger');
    fireEvent.input(caption, { target: { value: 'short' } });
    expect(screen.getByText('2,195 characters left')).toHaveAttribute('data-tone', 'normal');
    pick(mp4());
    await screen.findByText('clip.mp4');
    fireEvent.input(caption, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Post Video' })).toBeDisabled();
  });

  it('uploads in chunks with progress, pauses, resumes, posts and opens /videos', async () => {
    const { server, sent, holds } = installApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/posts/video/drafts') return { body: [] };
      if (method === 'POST' && path === '/api/posts/video') return { status: 201, body: { id: 'p1' } };
      return undefined;
    });
    renderComposer();
    await screen.findByText('@amina');
    pick(mp4());
    // The summary: name, seconds, MB to one decimal, width x height.
    expect(await screen.findByText('clip.mp4')).toBeInTheDocument();
    expect(screen.getByText('4.5 seconds')).toBeInTheDocument();
    expect(screen.getByText('2.5 MB')).toBeInTheDocument();
    expect(screen.getByText('640 x 360')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Caption'), 'My first clip');

    const gate = deferred();
    const chunk1 = '/api/uploads/00000000-0000-4000-8000-000000000001/chunk/1';
    holds.set(chunk1, gate.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Post Video' }));
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByLabelText('Caption')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Allow Comments' })).toBeDisabled();
    expect(await screen.findByText('33% · 1 of 3 chunks')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pause upload' }));
    expect(await screen.findByText('Upload paused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post Video' })).toBeEnabled();
    // The held chunk reaches the server after it listed what it has: sent again, it answers 409 and counts as done.
    const answer = server.answer.bind(server);
    server.answer = (method, path, body) => {
      const route = answer(method, path, body);
      if (method === 'GET' && path.startsWith('/api/uploads/')) server.uploads.values().next().value!.have.add(1);
      return route;
    };

    await userEvent.click(screen.getByRole('button', { name: 'Resume upload' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/videos'), { timeout: 5000 });
    expect(server.log).toEqual(['init', 'chunk 0 201', 'progress', 'chunk 1 409', 'chunk 2 201', 'finalize']);
    const post = sent.find((s) => s.method === 'POST' && s.path === '/api/posts/video')!;
    expect(post.body).toMatchObject({
      content: 'My first clip',
      mediaId: 'media-1',
      allowComments: 'true',
      videoDuration: '4.5',
      videoWidth: '640',
      videoHeight: '360',
      videoFormat: 'video/mp4',
    });
    expect(screen.getByText('Video posted successfully!')).toBeInTheDocument();
    act(() => gate.resolve());
  });

  it("posts into the member's private community, says only its members will see it, and opens its page", async () => {
    const circle = makeCommunity({
      id: 'c2',
      slug: 'hifz-circle',
      name: 'Hifz circle',
      privacy: 'private',
      me: MEMBER_STATE,
    });
    const { sent } = installApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/posts/video/drafts') return { body: [] };
      if (method === 'GET' && path === '/api/communities')
        return { body: page([makeCommunity({ me: MEMBER_STATE }), circle]) };
      if (method === 'POST' && path === '/api/posts/video') return { status: 201, body: { id: 'p1' } };
      return undefined;
    });
    renderComposer(meta(GOOD), '/compose?community=c2');
    const postTo = await screen.findByRole('combobox', { name: 'Post to' });
    await waitFor(() => expect(postTo).toHaveValue('c2'));
    expect(screen.getByText('Only members of \u2068Hifz circle\u2069 will see this video.')).toBeInTheDocument();
    await userEvent.selectOptions(postTo, '');
    expect(screen.getByText('Your video post will be public: everyone can see it.')).toBeInTheDocument();
    await userEvent.selectOptions(postTo, 'c2');
    pick(mp4(0.5 * MB));
    await screen.findByText('clip.mp4');
    await userEvent.type(screen.getByLabelText('Caption'), 'Revision after Fajr');
    await userEvent.click(screen.getByRole('button', { name: 'Post Video' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/communities/hifz-circle'), {
      timeout: 5000,
    });
    expect(sent.find((x) => x.method === 'POST' && x.path === '/api/posts/video')?.body).toMatchObject({
      content: 'Revision after Fajr',
      communityId: 'c2',
    });
  });

  it('after a reload, the same file picked again continues the upload the server holds', async () => {
    const { server, holds } = installApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/posts/video/drafts') return { body: [] };
      if (method === 'POST' && path === '/api/posts/video') return { status: 201, body: { id: 'p1' } };
      return undefined;
    });
    const first = renderComposer();
    await screen.findByText('@amina');
    pick(mp4());
    await screen.findByText('clip.mp4');
    await userEvent.type(screen.getByLabelText('Caption'), 'Before the reload');
    holds.set('/api/uploads/00000000-0000-4000-8000-000000000001/chunk/1', new Promise<void>(() => undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Post Video' }));
    await screen.findByText('33% · 1 of 3 chunks');
    first.unmount(); // the page goes away mid-upload

    renderComposer();
    await screen.findByText('@amina');
    pick(mp4());
    expect(
      await screen.findByText('An unfinished upload of clip.mp4 will continue where it stopped.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Caption'), 'After the reload');
    await userEvent.click(screen.getByRole('button', { name: 'Post Video' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/videos'), { timeout: 5000 });
    expect(server.log.filter((l) => l === 'init')).toHaveLength(1);
    expect(server.log.slice(-4)).toEqual(['progress', 'chunk 1 201', 'chunk 2 201', 'finalize']);
  });

  it('saves drafts on the server, lists them and reopens one', async () => {
    const drafts: object[] = [];
    const { sent } = installApi(({ method, path, body }) => {
      if (path !== '/api/posts/video/drafts') return undefined;
      if (method === 'GET') return { body: drafts };
      const saved = { id: 'd1', createdAt: 'x', savedAt: 'x', ...(body as object) };
      drafts.unshift(saved);
      return { status: 201, body: saved };
    });
    renderComposer();
    expect(await screen.findByRole('button', { name: 'Save Draft' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Caption'), 'Later');
    await userEvent.click(screen.getByRole('switch', { name: 'Allow Comments' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      caption: 'Later',
      allowComments: false,
      videoFile: null,
      metadata: {},
      mediaId: null,
    });
    expect(await screen.findByText('Drafts (1)')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('Caption'), { target: { value: '' } });
    await userEvent.click(screen.getByText('Drafts (1)'));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Caption')).toHaveValue('Later');
    expect(screen.getByRole('switch', { name: 'Allow Comments' })).not.toBeChecked();
  });
});
