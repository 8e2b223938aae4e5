import { acceptFor, admitFiles, checkFile, isOfKind } from './fileRules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('file rules (§5)', () => {
  it('accepts the listed image, video and document types, and any audio', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'])
      expect(isOfKind(file('a', type), 'image')).toBe(true);
    for (const type of ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo'])
      expect(isOfKind(file('a', type), 'video')).toBe(true);
    for (const type of ['audio/mpeg', 'audio/ogg', 'audio/x-whatever'])
      expect(isOfKind(file('a', type), 'audio')).toBe(true);
    for (const type of [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
    ])
      expect(isOfKind(file('a', type), 'document')).toBe(true);
  });

  it('refuses other types', () => {
    expect(isOfKind(file('a.bmp', 'image/bmp'), 'image')).toBe(false);
    expect(isOfKind(file('a.svg', 'image/svg+xml'), 'image')).toBe(false);
    expect(isOfKind(file('a.mkv', 'video/x-matroska'), 'video')).toBe(false);
    expect(isOfKind(file('a.mp3', 'audio/mpeg'), 'video')).toBe(false);
    expect(isOfKind(file('a.zip', 'application/zip'), 'document')).toBe(false);
  });

  it('decides by extension when the browser gives no type', () => {
    expect(isOfKind(file('scan.PDF', ''), 'document')).toBe(true);
    expect(isOfKind(file('clip.mov', ''), 'video')).toBe(true);
    expect(isOfKind(file('notes.exe', ''), 'document')).toBe(false);
  });

  it('holds images to 5MB and other files to 100MB', () => {
    expect(checkFile(file('a.jpg', 'image/jpeg', 5 * MB), 'image')).toBeNull();
    expect(checkFile(file('a.jpg', 'image/jpeg', 5 * MB + 1), 'image')).toEqual({
      code: 'tooLarge',
      file: 'a.jpg',
      limitMb: 5,
    });
    expect(checkFile(file('a.mp4', 'video/mp4', 100 * MB), 'video')).toBeNull();
    expect(checkFile(file('a.mp4', 'video/mp4', 100 * MB + 1), 'video')).toEqual({
      code: 'tooLarge',
      file: 'a.mp4',
      limitMb: 100,
    });
    expect(checkFile(file('a.txt', 'image/png'), 'document')).toEqual({
      code: 'wrongType',
      file: 'a.txt',
      kind: 'document',
    });
  });

  it('admits up to 4 images and says so once for the rest', () => {
    const picked = Array.from({ length: 6 }, (_, i) => file(`p${i}.jpg`, 'image/jpeg'));
    const { accepted, problems } = admitFiles(picked, 'image', [{ type: 'image' }]);
    expect(accepted.map((f) => f.name)).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg']);
    expect(problems).toEqual([{ code: 'tooManyImages' }]);
  });

  it('admits one video and one audio', () => {
    expect(admitFiles([file('b.mp4', 'video/mp4')], 'video', [{ type: 'video' }]).problems).toEqual([
      { code: 'tooManyVideos' },
    ]);
    expect(admitFiles([file('b.mp3', 'audio/mpeg')], 'audio', [{ type: 'audio' }]).problems).toEqual([
      { code: 'tooManyAudios' },
    ]);
  });

  it('admits at most 10 files in all (the server limit)', () => {
    const existing = [
      ...Array(4).fill({ type: 'image' }),
      { type: 'video' },
      { type: 'audio' },
      ...Array(3).fill({ type: 'document' }),
    ];
    const { accepted, problems } = admitFiles(
      [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')],
      'document',
      existing,
    );
    expect(accepted).toHaveLength(1);
    expect(problems).toEqual([{ code: 'tooManyFiles' }]);
  });

  it('leaves image sizes to be checked after compression', () => {
    expect(admitFiles([file('big.jpg', 'image/jpeg', 20 * MB)], 'image', []).accepted).toHaveLength(1);
  });

  it('lists types and extensions for the picker', () => {
    expect(acceptFor('audio')).toContain('audio/*');
    expect(acceptFor('document')).toContain('.docx');
  });
});
