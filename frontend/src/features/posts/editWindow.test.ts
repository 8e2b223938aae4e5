import { EDIT_WINDOW_MS, editMinutesLeft, validateEdit } from './editWindow';

describe('edit window', () => {
  const created = '2026-01-01T10:00:00.000Z';
  const at = (ms: number) => Date.parse(created) + ms;

  it('counts whole minutes left, rounded up', () => {
    expect(editMinutesLeft(created, at(0))).toBe(5);
    expect(editMinutesLeft(created, at(61_000))).toBe(4);
    expect(editMinutesLeft(created, at(EDIT_WINDOW_MS - 1))).toBe(1);
  });

  it('is closed at and after 5 minutes, and for a bad date', () => {
    expect(editMinutesLeft(created, at(EDIT_WINDOW_MS))).toBe(0);
    expect(editMinutesLeft(created, at(EDIT_WINDOW_MS + 60_000))).toBe(0);
    expect(editMinutesLeft('not a date', at(0))).toBe(0);
  });

  it('accepts 1 to 500 characters after trimming', () => {
    expect(validateEdit('   ')).toBe('empty');
    expect(validateEdit(' ok ')).toBeNull();
    expect(validateEdit(`  ${'a'.repeat(500)}  `)).toBeNull();
    expect(validateEdit('a'.repeat(501))).toBe('tooLong');
  });
});
