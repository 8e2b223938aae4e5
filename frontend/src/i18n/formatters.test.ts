import { i18n } from '.';
import { dateTimeFormat, numberFormat, numberOptionsOf } from './formatters';

describe('kept Intl formatters', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', { notation: 'compact' })).toBe(numberFormat('en', { notation: 'compact' }));
    expect(numberFormat('en', { notation: 'compact' })).not.toBe(numberFormat('en'));
    expect(numberFormat('ar')).not.toBe(numberFormat('en'));
    expect(dateTimeFormat('en', { month: 'short' })).toBe(dateTimeFormat('en', { month: 'short' }));
    expect(dateTimeFormat('en', { month: 'short' })).not.toBe(dateTimeFormat('en', { month: 'long' }));
  });

  it('formats in the language asked for', () => {
    expect(numberFormat('en').format(1234)).toBe('1,234');
    expect(numberFormat('ar').format(1234)).toBe(new Intl.NumberFormat('ar').format(1234));
    expect(numberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(1234)).toBe('1.2K');
  });
});

describe('English numbers without Intl', () => {
  /** Ours and Intl's, side by side, for many numbers at once (one assertion: thousands were slow). */
  const same = (language: string, options: Intl.NumberFormatOptions, ns: number[]) => {
    const intl = new Intl.NumberFormat(language, options);
    expect(ns.map((n) => numberFormat(language, options).format(n))).toEqual(ns.map((n) => intl.format(n)));
  };
  const integers = [
    ...Array.from({ length: 2000 }, (_, i) => i),
    9_999,
    10_000,
    99_999,
    123_456,
    1_000_000,
    1_250_000,
    987_654_321,
    Number.MAX_SAFE_INTEGER,
  ];

  it('writes integers exactly as Intl does, in each option set that allows it, and leaves it the rest', () => {
    const optionSets: Intl.NumberFormatOptions[] = [
      {},
      { notation: 'standard' },
      { maximumFractionDigits: 0 },
      { minimumFractionDigits: 0, maximumFractionDigits: 2 },
      { notation: 'compact', maximumFractionDigits: 1 },
    ];
    for (const language of ['en', 'en-GB', 'en-US'])
      for (const options of optionSets) same(language, options, [...integers, -1, -1234, 0.5, 12.75, 1234.567]);
  });

  it("writes a poll's whole percentages exactly as Intl does, for every share of up to 300 votes", () => {
    const options = { style: 'percent', maximumFractionDigits: 0 } as const;
    const shares = [0.285, 0.005, 0.015, 0.125, 0.995, 1.5, 12.345];
    for (let total = 1; total <= 300; total++) for (let votes = 0; votes <= total; votes++) shares.push(votes / total);
    same('en', options, shares);
  });

  it('makes no Intl format for them (its first one loads the locale data), and one for anything else', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      const compact = { notation: 'compact', maximumFractionDigits: 1, compactDisplay: 'short' } as const;
      expect(numberFormat('en', compact).format(999)).toBe('999');
      expect(numberFormat('en', { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(2500)).toBe('2,500');
      expect(numberFormat('en', { style: 'percent', maximumFractionDigits: 0 }).format(0.42)).toBe('42%');
      expect(made).not.toHaveBeenCalled();
      expect(numberFormat('en', compact).format(1234)).toBe('1.2K');
      expect(made).toHaveBeenCalledTimes(1);
      // Other options, fractions, and Arabic and Indian English, whose digits and groups Intl decides.
      numberFormat('en', { minimumIntegerDigits: 3 }).format(7);
      numberFormat('en', { minimumFractionDigits: 0, maximumFractionDigits: 3 }).format(2.5);
      numberFormat('ar', { maximumSignificantDigits: 2 }).format(7);
      numberFormat('en-IN', { maximumSignificantDigits: 3 }).format(7);
      expect(made).toHaveBeenCalledTimes(5);
    } finally {
      made.mockRestore();
    }
  });
});

describe('English dates without Intl', () => {
  /** Every day of a leap year, a common year and the first years of the epoch, at three times of day. */
  const days = [1970, 1999, 2024, 2026, 2100].flatMap((year) =>
    Array.from({ length: 366 }, (_, d) => [0, 12, 23].map((hour) => new Date(year, 0, 1 + d, hour, 59))).flat(),
  );
  const optionSets: Intl.DateTimeFormatOptions[] = [
    { day: 'numeric', month: 'short' },
    { day: 'numeric', month: 'short', year: 'numeric' },
    { day: 'numeric', month: 'long' },
    { day: 'numeric', month: 'long', year: 'numeric' },
  ];

  it('writes a day and month, with or without the year, exactly as Intl does', () => {
    for (const language of ['en', 'en-US', 'en-GB', 'ar'])
      for (const options of optionSets) {
        const intl = new Intl.DateTimeFormat(language, options);
        expect(days.map((d) => dateTimeFormat(language, options).format(d))).toEqual(days.map((d) => intl.format(d)));
      }
  });

  it('makes no Intl format for them (its first one loads the locale data), and one for anything else', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(dateTimeFormat('en', { day: 'numeric', month: 'short' }).format(new Date(2026, 10, 3))).toBe('Nov 3');
      expect(
        dateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(2025, 0, 9)),
      ).toBe('January 9, 2025');
      expect(made).not.toHaveBeenCalled();
      // Britain's and Arabic dates are Intl's (the test above holds them to it), as are times,
      // weekdays, two-digit days and styles.
      dateTimeFormat('en-GB', { day: '2-digit', month: 'short' }).format(new Date(2026, 10, 3));
      dateTimeFormat('ar', { day: '2-digit', month: 'long' }).format(new Date(2026, 10, 3));
      dateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(new Date(2026, 10, 3));
      dateTimeFormat('en', { day: 'numeric', month: 'short', weekday: 'short' }).format(new Date(2026, 10, 3));
      dateTimeFormat('en', { dateStyle: 'long' }).format(new Date(2026, 10, 3));
      expect(made).toHaveBeenCalledTimes(5);
      // An invalid date is refused as Intl refuses it.
      expect(() => dateTimeFormat('en', { day: 'numeric', month: 'short' }).format(new Date(Number.NaN))).toThrow(
        RangeError,
      );
    } finally {
      made.mockRestore();
    }
  });
});

describe("translations' {{count, number}}", () => {
  it('formats in the language with a kept formatter, not a new one per call', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    const en = i18n.getFixedT('en');
    const texts = Array.from({ length: 30 }, (_, i) => en('learning.cartLink', { count: 1000 + i }));
    expect(texts[0]).toBe('Cart, 1,000 courses');
    expect(texts[29]).toBe('Cart, 1,029 courses');
    expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    made.mockRestore();
  });

  it('keeps the options a translation gives its number, and only those', () => {
    expect(numberOptionsOf({ count: 3, lng: 'en', minimumFractionDigits: 2 })).toEqual({ minimumFractionDigits: 2 });
    expect(numberOptionsOf({ count: 3 })).toEqual({});
  });
});
