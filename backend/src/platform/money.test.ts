import { formatKes, isCents, parseKes, shillings } from './money';

describe('KES amounts', () => {
  it('parses decimal strings in major units into cents', () => {
    expect(parseKes('0')).toBe(0);
    expect(parseKes('1500')).toBe(150_000);
    expect(parseKes('1499.5')).toBe(149_950);
    expect(parseKes('1499.50')).toBe(149_950);
    expect(parseKes('0.01')).toBe(1);
    expect(parseKes(' 25 ')).toBe(2500);
    expect(parseKes('50000')).toBe(5_000_000);
  });

  it('refuses anything that is not a plain amount of at most two decimals', () => {
    for (const bad of ['', ' ', '-1', '+1', '1e3', '1.', '.5', '1.234', '1,500', 'KSh 10', 'NaN', 'Infinity', '0x10'])
      expect(parseKes(bad)).toBeNull();
    expect(parseKes('9'.repeat(16))).toBeNull();
  });

  it('formats cents back, whole amounts without decimals, and round-trips', () => {
    expect(formatKes(0)).toBe('0');
    expect(formatKes(150_000)).toBe('1500');
    expect(formatKes(149_950)).toBe('1499.50');
    expect(formatKes(5)).toBe('0.05');
    for (const s of ['0', '1', '999.99', '50000', '12.30']) expect(parseKes(formatKes(parseKes(s)!))).toBe(parseKes(s));
    expect(() => formatKes(-1)).toThrow(RangeError);
    expect(() => formatKes(1.5)).toThrow(RangeError);
  });

  it('knows a whole non-negative number of cents', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(100)).toBe(true);
    expect(isCents(-1)).toBe(false);
    expect(isCents(10.5)).toBe(false);
    expect(isCents(Number.NaN)).toBe(false);
  });

  it('writes shillings for people as the web app does in English: KSh, thousands, cents only when any', () => {
    expect([0, 5, 1_500_00, 99_50, 10_000_000_00, 1_234_567_89].map(shillings)).toEqual([
      'KSh 0',
      'KSh 0.05',
      'KSh 1,500',
      'KSh 99.50',
      'KSh 10,000,000',
      'KSh 1,234,567.89',
    ]);
    expect([shillings(-20_00), shillings(1.6)]).toEqual(['-KSh 20', 'KSh 0.02']);
    expect(() => shillings(Number.NaN)).toThrow(RangeError);
  });
});
