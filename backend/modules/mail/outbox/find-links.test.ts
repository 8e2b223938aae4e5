import { findLinks } from './find-links';

describe('findLinks', () => {
  it('finds http and https links in order, each once, without trailing punctuation', () => {
    const text = [
      'Open https://a.test/verify?token=1&x=2.',
      'Or (http://b.test/path)',
      'Again https://a.test/verify?token=1&x=2',
      'افتح https://c.test/ar،',
    ].join('\n');
    expect(findLinks(text)).toEqual(['https://a.test/verify?token=1&x=2', 'http://b.test/path', 'https://c.test/ar']);
  });

  it('finds nothing in text without links', () => {
    expect(findLinks('no links here, ftp://x.test is not one')).toEqual([]);
  });
});
