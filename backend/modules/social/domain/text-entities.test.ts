import { parseHashtags, parseMentions } from './text-entities';

describe('hashtags and mentions', () => {
  it('finds hashtags in any script, lowercased and once each', () => {
    expect(parseHashtags('#Ramadan prep with #quran and #رمضان, again #ramadan')).toEqual([
      'ramadan',
      'quran',
      'رمضان',
    ]);
    expect(parseHashtags('no tags here, not a#tag, and &#39; is an entity')).toEqual([]);
  });

  it('finds mentions of valid usernames, not e-mail addresses', () => {
    expect(parseMentions('Thanks @Amina_1 and @bilal! write to x@example.com, @ab is too short')).toEqual([
      'amina_1',
      'bilal',
    ]);
  });
});
