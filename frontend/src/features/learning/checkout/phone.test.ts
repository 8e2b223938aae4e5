import { cardDigits, normalizeKenyanPhone } from './phone';

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    ['0110345678', '254110345678'],
  ])('reads %s as %s', (input, expected) => expect(normalizeKenyanPhone(input)).toBe(expected));

  it.each(['', '071234567', '07123456789', '0812345678', '+255712345678', '25471234567a'])('refuses %p', (input) =>
    expect(normalizeKenyanPhone(input)).toBeNull(),
  );
});

describe('cardDigits', () => {
  it('keeps the digits of a spaced card number and refuses short or lettered ones', () => {
    expect(cardDigits('4000 0000 0000 0002')).toBe('4000000000000002');
    expect(cardDigits('4000')).toBeNull();
    expect(cardDigits('4000 0000 0000 000x')).toBeNull();
  });
});
