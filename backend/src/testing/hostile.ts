import fc from 'fast-check';

/**
 * Inputs an attacker or a broken client sends, for property tests of the HTTP edge: every value
 * here must be answered with a 4xx (or accepted as harmless text), never a 5xx.
 */

/** Strings that break naive code: lone surrogates, bidi overrides, NUL, combining marks, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\uD800',
    '\uDFFF',
    'a\uD83Db',
    '\u202E\u2066evil\u2069',
    '\u200B\u200D\uFEFF',
    '\u0000',
    'a\u0000b',
    'Z\u0351\u0352\u0357\u0350\u0346',
    '\uFFFF\uFFFE',
    '💥'.repeat(50),
    ' ',
    '',
    '../../etc/passwd',
    '%00',
    '%ED%A0%80',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '{"$gt":""}',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9007199254740993',
    'true',
    'null',
    '__proto__',
    'constructor',
  ),
  fc.integer({ min: 1, max: 3 }).map((n) => 'x'.repeat(n === 1 ? 10_001 : n === 2 ? 100_001 : 300_000)),
);

/** Numbers JSON carries that validators trip on (NaN and Infinity travel as null or as raw text). */
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.integer(),
);

/** A key meant to reach Object.prototype or a class's constructor. */
export const pollutingKey = fc.constantFrom('__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString');

/** Any JSON value of a wrong shape, with polluting keys and nested arrays among them. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(pollutingKey, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
    fc.integer({ min: 1, max: 3 }).map((d) => nested(d === 1 ? 50 : d === 2 ? 500 : 2000)),
    fc.constant({ __proto__: { isAdmin: true }, constructor: { prototype: { isAdmin: true } } }),
  ),
})).value;

/** An array nested `depth` deep: [[[ ... ]]]. */
function nested(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** An own property named `key`, even `__proto__` (a literal { __proto__: x } would set the prototype). */
function withKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** A request body: a valid one with fields spoiled, extra polluting keys, or raw text that is not JSON. */
export type HostileBody = { json: unknown } | { raw: string; contentType: string };

export function hostileBody(valid: Record<string, unknown> | undefined): fc.Arbitrary<HostileBody> {
  const fields = Object.keys(valid ?? {});
  const spoiled = fc
    .tuple(
      fc.subarray(fields),
      fc.array(hostileValue, { minLength: fields.length, maxLength: fields.length }),
      fc.array(fc.tuple(fc.oneof(pollutingKey, fc.constantFrom(...(fields.length ? fields : ['x']))), hostileValue), {
        maxLength: 2,
      }),
    )
    .map(([which, values, extra]) => {
      const body: Record<string, unknown> = { ...(valid ?? {}) };
      which.forEach((k, i) => (body[k] = values[i]));
      for (const [k, v] of extra) withKey(body, k, v);
      return { json: body };
    });
  const raw = fc
    .oneof(
      fc.constantFrom(
        '{"amount": NaN}',
        '{"seconds": Infinity}',
        '{"a": -Infinity}',
        '{',
        '[',
        '"just a string"',
        '12',
        'null',
        '{"__proto__": {"role": "admin"}}',
        '{"constructor": {"prototype": {"role": "admin"}}}',
        '{"a":1,"a":2}',
        '\uFEFF{}',
        '['.repeat(100_000),
        '{"a":' + '['.repeat(20_000) + ']'.repeat(20_000) + '}',
      ),
      fc.string({ unit: 'binary', maxLength: 60 }),
    )
    .map((text) => ({ raw: text, contentType: 'application/json' }));
  const wrongType = fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    )
    .map((contentType) => ({ raw: 'a=1&__proto__[role]=admin', contentType }));
  return fc.oneof(
    { weight: 6, arbitrary: spoiled },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: wrongType },
    {
      weight: 1,
      arbitrary: hostileValue.map((json) => ({ json })),
    },
  );
}

/** Query strings: known names and polluting ones, hostile values, repeated names. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.constantFrom(...names, 'q', 'cursor', 'limit', 'page', 'type', 'tab', 'to'),
    pollutingKey,
    fc.constantFrom('__proto__[role]', 'constructor[prototype][role]', 'limit[]', 'q[$gt]'),
  );
  const value = fc.oneof(hostileString, hostileNumber.map(String));
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${percentEncode(v)}`).join('&'));
}

/** Path parameter values, percent-encoded as a client would put them in a URL (invalid UTF-8 included). */
export const hostilePathParam: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(percentEncode),
  fc.constantFrom('%FF', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc', '%00', '%25', 'a%2Fb', '-1', '0', '1e309', 'NaN'),
);

/** encodeURIComponent that does not throw on a lone surrogate (it is sent as the bytes of U+FFFD). */
export function percentEncode(s: string): string {
  return encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}
