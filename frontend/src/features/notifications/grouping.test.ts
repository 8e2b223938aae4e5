import { i18n } from '@/i18n';

import { dayGroupOf, groupByDay, groupLabel } from './grouping';

// Local-time constructors, so the test holds in any time zone.
const now = new Date(2026, 2, 18, 9, 30); // Wed 18 March 2026, 09:30
const at = (...parts: [number, number, number, number?, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 12, parts[4] ?? 0).toISOString();

describe('dayGroupOf', () => {
  it('puts anything since local midnight under Today, including a clock slightly ahead', () => {
    expect(dayGroupOf(at(2026, 2, 18, 0, 1), now)).toEqual({ kind: 'today' });
    expect(dayGroupOf(at(2026, 2, 18, 9, 35), now)).toEqual({ kind: 'today' });
  });

  it('puts the previous calendar day under Yesterday, even 1 minute before midnight', () => {
    expect(dayGroupOf(at(2026, 2, 17, 23, 59), now)).toEqual({ kind: 'yesterday' });
    expect(dayGroupOf(at(2026, 2, 17, 0, 0), now)).toEqual({ kind: 'yesterday' });
  });

  it('puts the last 7 days under This Week and older ones under their own date', () => {
    expect(dayGroupOf(at(2026, 2, 16), now)).toEqual({ kind: 'thisWeek' });
    expect(dayGroupOf(at(2026, 2, 11, 10), now)).toEqual({ kind: 'thisWeek' }); // 6 days 23.5 h ago
    expect(dayGroupOf(at(2026, 2, 11, 9), now)).toEqual({ kind: 'date', date: new Date(2026, 2, 11) }); // 7 days 30 min ago
    expect(dayGroupOf(at(2025, 11, 31), now)).toEqual({ kind: 'date', date: new Date(2025, 11, 31) });
  });

  it('does not crash on a bad timestamp', () => {
    expect(dayGroupOf('not a date', now)).toEqual({ kind: 'unknown' });
  });
});

describe('groupByDay', () => {
  it('keeps the newest-first order and one group per heading', () => {
    const items = [
      { id: 'a', createdAt: at(2026, 2, 18, 9) },
      { id: 'b', createdAt: at(2026, 2, 18, 1) },
      { id: 'c', createdAt: at(2026, 2, 17, 20) },
      { id: 'd', createdAt: at(2026, 2, 15) },
      { id: 'e', createdAt: at(2026, 2, 13) },
      { id: 'f', createdAt: at(2026, 2, 2, 18) },
      { id: 'g', createdAt: at(2026, 2, 2, 8) },
      { id: 'h', createdAt: at(2026, 1, 20) },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.key, g.items.map((i) => i.id).join('')])).toEqual([
      ['today', 'ab'],
      ['yesterday', 'c'],
      ['thisWeek', 'de'],
      ['2026-03-02', 'fg'],
      ['2026-02-20', 'h'],
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});

describe('groupLabel', () => {
  const tEn = i18n.getFixedT('en');
  const tAr = i18n.getFixedT('ar');

  it('names the groups in both languages', () => {
    expect(groupLabel({ kind: 'today' }, tEn, 'en', now)).toBe('Today');
    expect(groupLabel({ kind: 'yesterday' }, tEn, 'en', now)).toBe('Yesterday');
    expect(groupLabel({ kind: 'thisWeek' }, tEn, 'en', now)).toBe('This Week');
    expect(groupLabel({ kind: 'today' }, tAr, 'ar', now)).toBe('اليوم');
    expect(groupLabel({ kind: 'yesterday' }, tAr, 'ar', now)).toBe('أمس');
    expect(groupLabel({ kind: 'thisWeek' }, tAr, 'ar', now)).toBe('هذا الأسبوع');
  });

  it('formats older dates with Intl, with the year only when it is not this year', () => {
    const march2 = { kind: 'date', date: new Date(2026, 2, 2) } as const;
    expect(groupLabel(march2, tEn, 'en', now)).toBe('March 2');
    expect(groupLabel({ kind: 'date', date: new Date(2025, 11, 31) }, tEn, 'en', now)).toBe('December 31, 2025');
    expect(groupLabel(march2, tAr, 'ar', now)).toBe(
      new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long' }).format(new Date(2026, 2, 2)),
    );
    expect(groupLabel(march2, tAr, 'ar', now)).toMatch(/مارس/);
  });
});
