import type { LessonVideoPreview } from '@contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { io } from 'socket.io-client';

import { i18n } from '@/i18n';
import type { FakeSocket } from '@/resources/realtime/fakeSocket';
import { connectSocket, disconnectSocket } from '@/resources/realtime/socket';
import { installFetch } from '@/testing/installFetch';
import { MEMBER } from '@/testing/render';

import { fakeUploadServer } from '../../uploads/testing/fakeUploadServer';
import { renderLearning } from '../testing/renderLearning';
import type { CourseDraft } from '../types';

// The checksum's Web Worker cannot load here (import.meta.url); the fake upload server takes any digest.
jest.mock('@/features/uploads/hashInWorker', () => ({ hashInWorker: async () => 'c'.repeat(64) }));

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const SIGNED = '?m=u1&exp=1900000000&sig=' + 's'.repeat(43);
const processing: LessonVideoPreview = {
  mediaId: 'media-1',
  status: 'processing',
  url: null,
  posterUrl: '/media/media-1/poster',
  durationSec: 5,
  expiresAt: null,
  error: null,
};
const ready: LessonVideoPreview = {
  ...processing,
  status: 'ready',
  url: `/media/media-1/video.mp4${SIGNED}`,
  posterUrl: `/media/media-1/poster${SIGNED}`,
  expiresAt: '2030-03-17T17:46:40.000Z',
};

async function connectedSocket(): Promise<FakeSocket> {
  await act(() => connectSocket(MEMBER.id));
  const ioMock = io as unknown as jest.Mock;
  const socket = ioMock.mock.results.at(-1)!.value as FakeSocket;
  act(() => socket.serverConnects());
  return socket;
}

/** Issue 40: a lesson video had no preview and its length was typed ('5:00' for a 5-second clip). */
describe('course editor: video lessons', () => {
  afterEach(async () => {
    act(() => disconnectSocket());
    await act(() => i18n.changeLanguage('en'));
  });

  it('previews an uploaded lesson video once processed and takes its length from the video', async () => {
    let preview = processing;
    const uploads = fakeUploadServer();
    const calls = installFetch((call) => {
      const upload = uploads.answer(call.method, call.path, call.body);
      if (upload) return upload;
      if (call.method === 'GET' && call.path === '/api/vendor/media/media-1') return { body: preview };
      if (call.method === 'POST' && call.path === '/api/courses') return { status: 201, body: { id: 'new1' } };
      return undefined;
    });
    const socket = await connectedSocket();
    const user = userEvent.setup();
    renderLearning('/teach/new');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Al-Fatiha');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'The opening chapter.');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.type(screen.getByRole('textbox', { name: 'Section 1 title' }), 'Recitation');
    await user.type(screen.getByRole('textbox', { name: 'Lesson 1 title' }), 'Recited slowly');
    const lesson = screen.getByRole('group', { name: 'Lesson 1' });
    await user.click(within(lesson).getByRole('radio', { name: 'Video' }));

    // No minutes to type for a video: the length is the video's.
    expect(within(lesson).queryByRole('spinbutton', { name: 'Duration (minutes)' })).toBeNull();
    const duration = within(lesson).getByRole('textbox', { name: 'Duration' });
    expect(duration).toHaveAttribute('readonly');
    expect(duration).toHaveValue('');
    expect(duration).toHaveAccessibleDescription('Taken from the video once it is uploaded');

    await user.upload(
      within(lesson).getByLabelText(/^Lesson video/),
      new File(['mp4'], 'fatiha.mp4', { type: 'video/mp4' }),
    );
    // Probed with its poster, still being transcoded: the poster, the length, no player yet.
    expect(await within(lesson).findByText(/Processing the video/)).toBeInTheDocument();
    expect(within(lesson).getByRole('img', { name: 'Preview of Recited slowly' })).toHaveAttribute(
      'src',
      '/media/media-1/poster',
    );
    await waitFor(() => expect(duration).toHaveValue('0:05'));
    expect(duration).toHaveAccessibleDescription('Taken from the video');

    // The worker's outcome is pushed: the processed video with its poster, at the teacher's URLs.
    preview = ready;
    act(() =>
      socket.push('media_processed', {
        id: 'e1',
        mediaId: 'media-1',
        kind: 'video',
        status: 'ready',
        urls: { url: '/media/media-1/video.mp4', posterUrl: '/media/media-1/poster' },
        width: 160,
        height: 120,
        durationSeconds: 5.04,
        error: null,
      }),
    );
    // At once (within a second), not at the next poll, 4 s after the last fetch.
    const player = await within(lesson).findByLabelText(
      'Preview of Recited slowly',
      { selector: 'video' },
      { timeout: 1000 },
    );
    expect(player).toHaveAttribute('src', ready.url);
    expect(player).toHaveAttribute('poster', ready.posterUrl);
    expect(player).toHaveAttribute('controls');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course created')).toBeInTheDocument();
    const body = calls.filter((c) => c.method === 'POST' && c.path === '/api/courses').at(-1)?.body as {
      sections: { lessons: unknown[] }[];
    };
    expect(body.sections[0]!.lessons).toEqual([
      { title: 'Recited slowly', durationSec: 5, freePreview: false, content: { kind: 'video', mediaId: 'media-1' } },
    ]);
  });

  it("shows a saved video lesson's length read-only and its preview, in English and Arabic; text lessons keep minutes", async () => {
    const draft: CourseDraft = {
      id: 'c1',
      title: 'Al-Fatiha',
      description: 'The opening chapter.',
      category: 'Quran',
      level: 'beginner',
      price: '0',
      promoPrice: null,
      thumbnailMediaId: null,
      thumbnailImage: null,
      previewVideoMediaId: null,
      previewVideoUrl: null,
      whatYouWillLearn: [],
      sections: [
        {
          id: 's1',
          title: 'Recitation',
          lessons: [
            {
              id: 'l1',
              title: 'Recited slowly',
              durationSec: 65,
              freePreview: false,
              content: { kind: 'video', mediaId: 'media-1' },
            },
            {
              id: 'l2',
              title: 'Its meanings',
              durationSec: 300,
              freePreview: true,
              content: { kind: 'text', text: 'Praise…' },
            },
          ],
        },
      ],
      isPublished: false,
      totalStudents: 0,
      rating: '0.0',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const failed: LessonVideoPreview = {
      ...processing,
      status: 'failed',
      posterUrl: null,
      durationSec: null,
      error: 'Video file is corrupted or invalid',
    };
    let preview: LessonVideoPreview = { ...ready, durationSec: 65 };
    installFetch((call) => {
      if (call.path === '/api/vendor/courses/c1') return { body: draft };
      if (call.path === '/api/vendor/media/media-1') return { body: preview };
      return undefined;
    });
    const view = renderLearning('/teach/c1');
    const video = await screen.findByRole('group', { name: 'Lesson 1' });
    expect(await within(video).findByLabelText('Preview of Recited slowly', { selector: 'video' })).toHaveAttribute(
      'src',
      ready.url,
    );
    expect(within(video).getByRole('textbox', { name: 'Duration' })).toHaveValue('1:05');
    const text = screen.getByRole('group', { name: 'Lesson 2' });
    expect(within(text).getByRole('spinbutton', { name: 'Duration (minutes)' })).toHaveValue(5);
    view.unmount();

    await act(() => i18n.changeLanguage('ar'));
    preview = failed;
    renderLearning('/teach/c1');
    const arabic = await screen.findByRole('group', { name: 'الدرس 1' });
    expect(await within(arabic).findByRole('alert')).toHaveTextContent(
      'تعذّرت معالجة هذا الفيديو (Video file is corrupted or invalid). يمكن اختيار ملف آخر.',
    );
    // The length the course has stands while its video says none.
    const field = within(arabic).getByRole('textbox', { name: 'المدة' });
    expect(field).toHaveValue('1:05');
    expect(field).toHaveAccessibleDescription('مأخوذة من الفيديو');
  });
});
