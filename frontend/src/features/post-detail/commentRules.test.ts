import { addAttachments, attachmentKind, checkCommentText, COMMENT_LIMITS } from './commentRules';

const MB = 1024 * 1024;
function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('comment text', () => {
  it('refuses a blank comment without files, accepts files alone', () => {
    expect(checkCommentText('   ', 0)).toEqual({ key: 'validation.empty' });
    expect(checkCommentText('', 1)).toBeNull();
    expect(checkCommentText('Salaam', 0)).toBeNull();
  });

  it('refuses text over the limit', () => {
    expect(checkCommentText('a'.repeat(COMMENT_LIMITS.maxLength), 0)).toBeNull();
    expect(checkCommentText('a'.repeat(COMMENT_LIMITS.maxLength + 1), 0)).toEqual({
      key: 'validation.tooLong',
      values: { max: 2000 },
    });
  });
});

describe('attachments', () => {
  it('knows images, videos and any audio; refuses documents and others', () => {
    expect(attachmentKind(file('a.png', 'image/png'))).toBe('image');
    expect(attachmentKind(file('a.mov', 'video/quicktime'))).toBe('video');
    expect(attachmentKind(file('a.flac', 'audio/flac'))).toBe('audio');
    expect(attachmentKind(file('a.pdf', 'application/pdf'))).toBeNull();
    expect(attachmentKind(file('a.svg', 'image/svg+xml'))).toBeNull();
    expect(attachmentKind(file('clip.webm', ''))).toBe('video');
  });

  it('keeps at most 4 images and one video', () => {
    const images = [1, 2, 3, 4, 5].map((n) => file(`${n}.jpg`, 'image/jpeg'));
    const first = addAttachments([], images);
    expect(first.files).toHaveLength(4);
    expect(first.errors).toEqual([{ key: 'validation.tooManyImages' }]);
    const second = addAttachments([], [file('a.mp4', 'video/mp4'), file('b.mp4', 'video/mp4')]);
    expect(second.files.map((f) => f.name)).toEqual(['a.mp4']);
    expect(second.errors).toEqual([{ key: 'validation.tooManyVideos' }]);
  });

  it('refuses images over 5MB and other files over 100MB, naming the file', () => {
    const { files, errors } = addAttachments(
      [],
      [
        file('big.png', 'image/png', 5 * MB + 1),
        file('ok.png', 'image/png', 5 * MB),
        file('huge.mp3', 'audio/mpeg', 100 * MB + 1),
        file('doc.pdf', 'application/pdf'),
      ],
    );
    expect(files.map((f) => f.name)).toEqual(['ok.png']);
    expect(errors).toEqual([
      { key: 'validation.imageTooLarge', values: { name: 'big.png' } },
      { key: 'validation.fileTooLarge', values: { name: 'huge.mp3' } },
      { key: 'validation.unsupported', values: { name: 'doc.pdf' } },
    ]);
  });
});
