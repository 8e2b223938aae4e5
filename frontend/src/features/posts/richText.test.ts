import { hashtagHref, mentionHref, splitRichText } from './richText';

describe('splitRichText', () => {
  it('finds hashtags and mentions between plain text', () => {
    expect(splitRichText('Jumuah mubarak #friday with @amina!')).toEqual([
      { kind: 'text', text: 'Jumuah mubarak ' },
      { kind: 'hashtag', text: '#friday', tag: 'friday' },
      { kind: 'text', text: ' with ' },
      { kind: 'mention', text: '@amina', name: 'amina' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('reads Arabic hashtags and ignores an @ inside an email address', () => {
    expect(splitRichText('#رمضان mail me at a@b.com')).toEqual([
      { kind: 'hashtag', text: '#رمضان', tag: 'رمضان' },
      { kind: 'text', text: ' mail me at a@b.com' },
    ]);
  });

  it('builds the spec links', () => {
    expect(hashtagHref('رمضان')).toBe('/search?hashtag=%D8%B1%D9%85%D8%B6%D8%A7%D9%86');
    expect(mentionHref('amina')).toBe('/profile/amina');
  });
});
