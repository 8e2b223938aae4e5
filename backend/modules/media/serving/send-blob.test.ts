import { contentDisposition } from './send-blob';

describe('contentDisposition', () => {
  it('names the download with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition(null)).toBe('attachment');
    expect(contentDisposition('notes.txt')).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    expect(contentDisposition('خطبة الجمعة.pdf')).toBe(
      `attachment; filename="____ ______.pdf"; filename*=UTF-8''%D8%AE%D8%B7%D8%A8%D8%A9%20%D8%A7%D9%84%D8%AC%D9%85%D8%B9%D8%A9.pdf`,
    );
  });

  it('cannot be broken out of with quotes or separators', () => {
    expect(contentDisposition('a"; filename="evil.exe')).toBe(
      `attachment; filename="a_; filename=_evil.exe"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.exe`,
    );
    expect(contentDisposition("it's (1)*.txt")).toBe(
      `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`,
    );
  });
});
