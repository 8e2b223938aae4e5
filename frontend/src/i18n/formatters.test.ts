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
