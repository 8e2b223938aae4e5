import { dateTimeFormat, numberFormat } from './formatters';

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
