import { chunkSpan, parseContentRange } from './content-range';

describe('Content-Range of chunks', () => {
  it('parses bytes start-end/total', () => {
    expect(parseContentRange('bytes 0-1048575/3000000')).toEqual({ start: 0, end: 1048575, total: 3000000 });
    expect(parseContentRange('bytes 5-4/10')).toBeNull();
    expect(parseContentRange('bytes 0-10/10')).toBeNull();
    expect(parseContentRange('bytes */10')).toBeNull();
    expect(parseContentRange(undefined)).toBeNull();
  });

  it('gives each chunk its span, the last one short', () => {
    const MB = 1048576;
    expect(chunkSpan(0, 2.5 * MB, MB)).toEqual({ start: 0, end: MB - 1, length: MB });
    expect(chunkSpan(2, 2.5 * MB, MB)).toEqual({ start: 2 * MB, end: 2.5 * MB - 1, length: 0.5 * MB });
  });
});
