import { decodeCursor, encodeCursor } from './cursor';
import { InvalidCursorError } from './errors';
import { resolveSort } from './sorting';

describe('cursors', () => {
  const byNumber = resolveSort({ field: 'n', direction: 'desc', type: 'number' });
  const byString = resolveSort({ field: 's', direction: 'asc' });
  const byId = resolveSort(undefined);

  it('round-trip [value, id] as URL-safe text', () => {
    for (const [pos, sort] of [
      [{ value: 1.5, id: 'p/1+2' }, byNumber],
      [{ value: null, id: 'x' }, byNumber],
      [{ value: 'مرحبا ✓', id: 'é' }, byString],
      [{ value: 'id-1', id: 'id-1' }, byId],
    ] as const) {
      const cursor = encodeCursor(pos);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor, sort)).toEqual(pos);
    }
  });

  it.each([
    ['garbage', 'not base64 json'],
    ['an object', Buffer.from('{"v":1}').toString('base64url')],
    ['a missing id', Buffer.from('[1]').toString('base64url')],
    ['an empty id', Buffer.from('[1,""]').toString('base64url')],
  ])('refuses %s', (_, cursor) => {
    expect(() => decodeCursor(cursor, byNumber)).toThrow(InvalidCursorError);
  });

  it('refuses a cursor made for another sort type', () => {
    expect(() => decodeCursor(encodeCursor({ value: 'x', id: 'a' }), byNumber)).toThrow(InvalidCursorError);
    expect(() => decodeCursor(encodeCursor({ value: 3, id: 'a' }), byString)).toThrow(InvalidCursorError);
    expect(() => decodeCursor(encodeCursor({ value: 'b', id: 'a' }), byId)).toThrow(InvalidCursorError);
  });
});
