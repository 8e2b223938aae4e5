import { stripNul } from './strip-nul';

describe('stripNul', () => {
  it('removes U+0000 from strings and keys at any depth', () => {
    const body = {
      'na\u0000me': 'Am\u0000ina',
      tags: ['a\u0000', { deep: ['\u0000x\u0000'] }],
      n: 1,
      ok: true,
      none: null,
    };
    expect(stripNul(body)).toEqual({ name: 'Amina', tags: ['a', { deep: ['x'] }], n: 1, ok: true, none: null });
    expect(stripNul('\u0000only\u0000')).toBe('only');
  });

  it('survives nesting deeper than the call stack', () => {
    const depth = 200_000;
    const body = JSON.parse('['.repeat(depth) + '"a\\u0000b"' + ']'.repeat(depth));
    let inner = stripNul(body);
    for (let i = 0; i < depth; i++) inner = inner[0];
    expect(inner).toBe('ab');
  });

  it('leaves non-JSON values (buffers, class instances) alone', () => {
    const buffer = Buffer.from('a\u0000b');
    expect(stripNul(buffer)).toBe(buffer);
    expect(buffer.includes(0)).toBe(true);
    const date = new Date(0);
    expect(stripNul({ date }).date).toBe(date);
  });
});
