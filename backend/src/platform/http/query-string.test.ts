import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('reads names and decoded values', () => {
    expect({ ...parseQueryString('q=abc%20d&limit=20&empty=&plus=a+b') }).toEqual({
      q: 'abc d',
      limit: '20',
      empty: '',
      plus: 'a b',
    });
  });

  it('keeps the first value of a repeated name, so handlers only ever see strings', () => {
    expect({ ...parseQueryString('q=first&q=second&q=third') }).toEqual({ q: 'first' });
  });

  it('gives names like __proto__ no special meaning', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(parsed.__proto__).toBe('x');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
  });
});
