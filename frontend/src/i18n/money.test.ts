import { formatKes } from './money';

describe('one money formatter', () => {
  it("writes shillings as 'KSh' in English and in Arabic words and digits in Arabic, cents only when there are any", () => {
    expect(formatKes('1500', 'en')).toBe('KSh\u00a01,500');
    expect(formatKes(999.5, 'en')).toBe('KSh\u00a0999.50');
    const arabic = new Intl.NumberFormat('ar').format(1500);
    expect(formatKes('1500', 'ar')).toBe(`${arabic}\u00a0شلن`);
    expect(formatKes('not a number', 'en')).toBe('KSh\u00a00');
  });
});
