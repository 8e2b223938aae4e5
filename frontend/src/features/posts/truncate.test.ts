import { QUOTE_PREVIEW_LIMIT, TRUNCATE_LIMIT, TRUNCATE_LIMIT_COMPACT, truncateText } from './truncate';

describe('truncateText (§2 See more)', () => {
  it('leaves text at or under the limit alone', () => {
    const text = 'a'.repeat(TRUNCATE_LIMIT);
    expect(truncateText(text, TRUNCATE_LIMIT)).toEqual({ text, truncated: false });
  });

  it('moves the cut back to a space that lies beyond 80% of the limit', () => {
    // A space at index 250 (> 224 = 80% of 280): the cut ends before it.
    const text = `${'a'.repeat(250)} ${'b'.repeat(100)}`;
    expect(truncateText(text, TRUNCATE_LIMIT)).toEqual({ text: 'a'.repeat(250), truncated: true });
  });

  it('keeps the hard cut when the last space lies before 80% of the limit', () => {
    // The only space is at index 100 (< 224): cutting there would hide too much.
    const text = `${'a'.repeat(100)} ${'b'.repeat(300)}`;
    const result = truncateText(text, TRUNCATE_LIMIT);
    expect(result.truncated).toBe(true);
    expect(Array.from(result.text)).toHaveLength(TRUNCATE_LIMIT);
    expect(result.text.endsWith('b')).toBe(true);
  });

  it('treats a space exactly at 80% as too early', () => {
    const limit = 10;
    // Space at index 8 = 80% of 10: not beyond, so no move back.
    expect(truncateText('aaaaaaaa bbbbbbb', limit).text).toBe('aaaaaaaa b');
    // Space at index 9: beyond 80%, so the cut moves back to it.
    expect(truncateText('aaaaaaaaa bbbbbbb', limit).text).toBe('aaaaaaaaa');
  });

  it('uses 140 in compact mode and 120 for a quoted preview', () => {
    const words = Array.from({ length: 60 }, () => 'word').join(' ');
    const compact = truncateText(words, TRUNCATE_LIMIT_COMPACT);
    const quote = truncateText(words, QUOTE_PREVIEW_LIMIT);
    expect(compact.text.length).toBeLessThanOrEqual(TRUNCATE_LIMIT_COMPACT);
    expect(compact.text.length).toBeGreaterThan(TRUNCATE_LIMIT_COMPACT * 0.8);
    expect(quote.text.length).toBeLessThanOrEqual(QUOTE_PREVIEW_LIMIT);
    expect(compact.text.endsWith('word')).toBe(true);
  });

  it('never splits an emoji or other astral character', () => {
    const text = '😀'.repeat(300);
    const result = truncateText(text, TRUNCATE_LIMIT);
    expect(Array.from(result.text)).toHaveLength(TRUNCATE_LIMIT);
    expect(result.text).toBe('😀'.repeat(TRUNCATE_LIMIT));
  });

  it('cuts Arabic text at a word boundary too', () => {
    const text = Array.from({ length: 80 }, () => 'سلام').join(' ');
    const result = truncateText(text, TRUNCATE_LIMIT);
    expect(result.truncated).toBe(true);
    expect(result.text.endsWith('سلام')).toBe(true);
  });
});
