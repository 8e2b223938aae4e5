import { i18n } from '.';
import { formatRelativeTime } from './relativeTime';

const NOW = new Date('2026-03-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const fmt = (lang: string, date: Date) => formatRelativeTime(date, i18n.getFixedT(lang), lang, NOW);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [59_000, 'now'],
    [MIN, '1m'],
    [59 * MIN, '59m'],
    [60 * MIN, '1h'],
    [23 * 60 * MIN, '23h'],
    [24 * 60 * MIN, '1d'],
    [6 * 24 * 60 * MIN, '6d'],
  ])('%i ms ago → %s (en)', (ms, expected) => {
    expect(fmt('en', ago(ms))).toBe(expected);
  });

  it('shows a date from 7 days on, with the year only when it differs', () => {
    expect(fmt('en', ago(7 * 24 * 60 * MIN))).toBe('Mar 8');
    expect(fmt('en', new Date('2025-12-25T12:00:00Z'))).toBe('Dec 25, 2025');
  });

  it('uses Arabic words and Intl numbers in Arabic', () => {
    expect(fmt('ar', ago(10_000))).toBe('الآن');
    const five = new Intl.NumberFormat('ar').format(5);
    expect(fmt('ar', ago(5 * MIN))).toBe(`${five} د`);
    expect(fmt('ar', ago(3 * 60 * MIN))).toBe(`${new Intl.NumberFormat('ar').format(3)} س`);
    expect(fmt('ar', ago(10 * 24 * 60 * MIN))).toBe(
      new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short' }).format(ago(10 * 24 * 60 * MIN)),
    );
  });

  it('treats future times as now and bad input as empty', () => {
    expect(fmt('en', new Date(NOW.getTime() + 5 * MIN))).toBe('now');
    expect(formatRelativeTime('not a date', i18n.getFixedT('en'), 'en', NOW)).toBe('');
  });
});
