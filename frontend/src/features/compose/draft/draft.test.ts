import {
  buildPostForm,
  canPost,
  type ComposeDraft,
  type ComposerMediaItem,
  EMPTY_DRAFT,
  hasContent,
  postType,
  validateDraft,
} from './draft';

const media = (
  type: ComposerMediaItem['type'],
  name: string,
  extra: Partial<ComposerMediaItem> = {},
): ComposerMediaItem => ({
  id: name,
  file: new File(['x'], name, {
    type: { image: 'image/jpeg', video: 'video/mp4', audio: 'audio/ogg', document: 'application/pdf' }[type],
  }),
  type,
  preview: '',
  duration: null,
  dimensions: null,
  compressed: false,
  caption: '',
  ...extra,
});
const draft = (patch: Partial<ComposeDraft>): ComposeDraft => ({ ...EMPTY_DRAFT, ...patch });

describe('the Post button (§5)', () => {
  it('needs text, media, or a poll with 2 filled options', () => {
    expect(canPost(EMPTY_DRAFT)).toBe(false);
    expect(canPost(draft({ text: '   \n ' }))).toBe(false);
    expect(canPost(draft({ text: 'Salam' }))).toBe(true);
    expect(canPost(draft({ media: [media('document', 'a.pdf')] }))).toBe(true);
    expect(canPost(draft({ poll: ['Yes', '  '] }))).toBe(false);
    expect(canPost(draft({ poll: ['Yes', 'No'] }))).toBe(true);
  });

  it('is off while the text is over the maximum', () => {
    expect(canPost(draft({ text: 'a'.repeat(5000) }))).toBe(true);
    expect(canPost(draft({ text: 'a'.repeat(5001) }))).toBe(false);
  });

  it('does not count a quote alone as content (the server refuses it)', () => {
    expect(hasContent(draft({ quotedPostId: '018f0000-0000-7000-8000-000000000001' }))).toBe(false);
  });
});

describe('validateDraft', () => {
  it('names an empty post', () => {
    expect(validateDraft(EMPTY_DRAFT)).toEqual([{ code: 'emptyPost' }]);
  });

  it('asks for 2 poll options when a poll is open beside text', () => {
    expect(validateDraft(draft({ text: 'Which?', poll: ['Only one', ''] }))).toEqual([{ code: 'pollNeedsTwo' }]);
    expect(validateDraft(draft({ text: 'Which?', poll: ['A', 'B'] }))).toEqual([]);
  });

  it('names too long text and captions', () => {
    expect(validateDraft(draft({ text: 'a'.repeat(5001) }))).toEqual([{ code: 'tooLong', max: 5000 }]);
    expect(validateDraft(draft({ media: [media('image', 'a.jpg', { caption: 'c'.repeat(101) })] }))).toEqual([
      { code: 'captionTooLong', max: 100 },
    ]);
  });
});

describe('postType', () => {
  it('follows the server order: poll, quote, media, text', () => {
    expect(postType(draft({ text: 'hi' }))).toBe('text');
    expect(postType(draft({ media: [media('image', 'a.jpg')] }))).toBe('media');
    expect(postType(draft({ text: 'hi', quotedPostId: 'q', media: [media('image', 'a.jpg')] }))).toBe('quote');
    expect(postType(draft({ quotedPostId: 'q', poll: ['A', 'B'] }))).toBe('poll');
  });
});

describe('buildPostForm (§7 multipart fields)', () => {
  it('sends content, type, media in order with aligned captions, poll options and the quote', () => {
    const form = buildPostForm(
      draft({
        text: 'Bismillah',
        media: [
          media('document', 'notes.pdf'),
          media('image', 'one.jpg', { caption: ' First ' }),
          media('video', 'clip.mp4', { duration: 12.5, dimensions: { width: 1280, height: 720 } }),
          media('image', 'two.jpg'),
        ],
        poll: ['Yes', ' ', 'No'],
        quotedPostId: 'q1',
      }),
    );
    expect(form.get('content')).toBe('Bismillah');
    expect(form.get('type')).toBe('poll');
    expect(form.getAll('media').map((f) => (f as File).name)).toEqual(['one.jpg', 'two.jpg', 'clip.mp4', 'notes.pdf']);
    expect(JSON.parse(form.get('imageCaptions') as string)).toEqual(['First', '']);
    expect(JSON.parse(form.get('pollOptions') as string)).toEqual(['Yes', 'No']);
    expect(form.get('quotedPostId')).toBe('q1');
    expect(form.get('videoDuration')).toBe('12.5');
    expect(form.get('videoWidth')).toBe('1280');
    expect(form.get('videoHeight')).toBe('720');
    expect(form.get('videoSize')).toBe('1');
    expect(form.get('videoFormat')).toBe('video/mp4');
  });

  it('leaves out what the post does not have', () => {
    const form = buildPostForm(draft({ text: 'Just text', poll: ['Only one', ''] }));
    expect([...form.keys()].sort()).toEqual(['content', 'type']);
    expect(form.get('type')).toBe('text');
  });
});
