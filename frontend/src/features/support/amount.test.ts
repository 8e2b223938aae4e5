import { donationAmount, emailProblem } from './amount';

describe('donation amount (§5)', () => {
  it('is the preset unless a custom amount is typed, which overrides it', () => {
    expect(donationAmount(1000, '')).toEqual({ ok: true, amount: 1000 });
    expect(donationAmount(1000, '   ')).toEqual({ ok: true, amount: 1000 });
    expect(donationAmount(5000, '750.50')).toEqual({ ok: true, amount: 750.5 });
    expect(donationAmount(500, '2,500')).toEqual({ ok: true, amount: 2500 });
  });

  it('must be above 0, a plain number of shillings, and within the ceiling', () => {
    expect(donationAmount(1000, '0')).toEqual({ ok: false, reason: 'tooSmall' });
    expect(donationAmount(1000, '0.00')).toEqual({ ok: false, reason: 'tooSmall' });
    expect(donationAmount(1000, '-5')).toEqual({ ok: false, reason: 'tooSmall' });
    expect(donationAmount(1000, '12abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(donationAmount(1000, '1.234')).toEqual({ ok: false, reason: 'invalid' });
    expect(donationAmount(1000, '100001', '100000')).toEqual({ ok: false, reason: 'tooLarge' });
    expect(donationAmount(1000, '100000', '100000')).toEqual({ ok: true, amount: 100000 });
    expect(donationAmount(5000, '', '1000')).toEqual({ ok: false, reason: 'tooLarge' });
  });
});

describe('notify-me email (§5)', () => {
  it('is required and must look like an address', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('  ')).toBe('required');
    expect(emailProblem('amina')).toBe('invalid');
    expect(emailProblem('amina@example')).toBe('invalid');
    expect(emailProblem('a b@example.com')).toBe('invalid');
    expect(emailProblem(' amina@example.com ')).toBeNull();
  });
});
