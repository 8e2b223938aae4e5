import fc from 'fast-check';

import { checkJsonShape, JSON_MAX_DEPTH, type JsonShapeLimits } from './json-shape';

const LIMITS: JsonShapeLimits = { maxDepth: JSON_MAX_DEPTH, maxItems: 1000 };
const check = (text: string, limits = LIMITS) => checkJsonShape(Buffer.from(text, 'utf8'), limits);
const codeOf = (text: string, limits = LIMITS) => check(text, limits)?.code ?? null;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Depth and widest container of a parsed JSON value, the reference the scanner must agree with. */
function shapeOf(value: unknown): { depth: number; items: number } {
  if (value === null || typeof value !== 'object') return { depth: 0, items: 0 };
  const children = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  let depth = 0;
  let items = children.length;
  for (const child of children) {
    const s = shapeOf(child);
    depth = Math.max(depth, s.depth);
    items = Math.max(items, s.items);
  }
  return { depth: depth + 1, items };
}

describe('checkJsonShape', () => {
  it('takes nesting up to the limit and refuses one level more', () => {
    expect(check(nested(32))).toBeNull();
    expect(check(`{"a":${nested(31)}}`)).toBeNull();
    expect(check(nested(33))).toEqual({
      code: 'BODY_TOO_DEEP',
      message: 'Request body is nested too deeply (at most 32 levels)',
    });
    expect(codeOf('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toBe('BODY_TOO_DEEP');
  });

  it('stops at the first level too deep, without reading the rest', () => {
    // What follows the 33rd bracket is never looked at: not even its missing end.
    expect(codeOf('['.repeat(33) + 'garbage that is not JSON')).toBe('BODY_TOO_DEEP');
  });

  it('counts depth again after containers close', () => {
    expect(check(`[${nested(31)},${nested(31)},{"a":${nested(30)}}]`)).toBeNull();
  });

  it('does not count brackets, braces or commas inside strings', () => {
    const tricky = JSON.stringify({ text: '['.repeat(100) + '{'.repeat(100) + ','.repeat(5000) });
    expect(check(tricky)).toBeNull();
    expect(check(JSON.stringify(['[[[', ']]]', '\\[', '"[', '\\"[']))).toBeNull();
  });

  it('keeps track of escaped quotes and backslashes at the end of a string', () => {
    // "\\" ends the string; the bracket after it is real.
    expect(codeOf(`["\\\\",${nested(32)}]`)).toBe('BODY_TOO_DEEP');
    // \" does not end the string: the brackets after it are text.
    expect(codeOf(`["\\"${'['.repeat(40)}"]`)).toBeNull();
  });

  it('ignores multi-byte characters, whose bytes are never ASCII', () => {
    expect(check(JSON.stringify({ name: 'آمنة 🌙 [', bio: '、,，' }))).toBeNull();
    expect(codeOf(`{"name":"آمنة 🌙",${'"x":1,'.repeat(1000)}"y":2}`)).toBe('BODY_TOO_MANY_ITEMS');
  });

  it('takes a container with maxItems entries and refuses one with more', () => {
    const list = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i));
    expect(check(list(1000))).toBeNull();
    expect(check(list(1001))).toEqual({
      code: 'BODY_TOO_MANY_ITEMS',
      message: 'Request body has a list or object with more than 1000 entries',
    });
    const object = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    expect(check(object(1000))).toBeNull();
    expect(codeOf(object(1001))).toBe('BODY_TOO_MANY_ITEMS');
  });

  it('counts entries per container, not across siblings', () => {
    const half = JSON.stringify(Array.from({ length: 600 }, () => 0));
    expect(check(`[${half},${half},${half}]`)).toBeNull();
  });

  it('refuses a megabyte of nesting after reading its first 33 bytes, not the whole body', () => {
    const body = Buffer.from(nested(512 * 1024));
    // Counts the bytes the scan reads: a count, not a clock, so a busy machine cannot fail it.
    const read = new Set<number>();
    const watched = new Proxy(body, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
        return Reflect.get(target, key, target) as unknown;
      },
    });
    expect(checkJsonShape(watched, LIMITS)?.code).toBe('BODY_TOO_DEEP');
    expect(read.size).toBe(33);
    expect(Math.max(...read)).toBe(32);
  });

  it('answers null for empty and malformed bodies, which the parser refuses', () => {
    for (const text of ['', '   ', ']]]]', '}{', '"unterminated', '[1,2', 'null', '"\\'])
      expect(check(text)).toBeNull();
  });

  it('agrees with JSON.parse on the depth and width of any JSON value', () => {
    // Strings made of the characters the scanner looks at, so they are often inside strings.
    const tricky = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', 'a', 'é', '🌙', ' ') });
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tricky,
        fc.integer(),
        fc.constantFrom(null, true, false, 1.5e-7),
        fc.array(tie('node'), { maxLength: 6 }),
        fc.dictionary(tricky, tie('node'), { maxKeys: 6 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(0, 2),
        (v, maxDepth, maxItems, indent) => {
          const text = JSON.stringify(v, null, indent);
          const { depth, items } = shapeOf(JSON.parse(text));
          const problem = check(text, { maxDepth, maxItems });
          if (depth <= maxDepth && items <= maxItems) expect(problem).toBeNull();
          else expect(problem).not.toBeNull();
          if (problem?.code === 'BODY_TOO_DEEP') expect(depth).toBeGreaterThan(maxDepth);
          if (problem?.code === 'BODY_TOO_MANY_ITEMS') expect(items).toBeGreaterThan(maxItems);
        },
      ),
      { numRuns: 500 },
    );
  });
});
