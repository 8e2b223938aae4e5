import { i18n, type TranslationKey } from '@/i18n';

import { validateLogin, validateReset, validateSignup, validateSignupPassword } from './validation';

const en = (key: TranslationKey | undefined) => (key ? i18n.getFixedT('en')(key) : undefined);

const VALID = {
  name: 'Amina Yusuf',
  username: 'amina',
  email: 'amina@example.com',
  password: 'Salaam#2026',
  confirmPassword: 'Salaam#2026',
};

describe('sign-in validation (§5)', () => {
  it('requires the username or email and the password', () => {
    const errors = validateLogin({ username: '  ', password: '' });
    expect(en(errors.username)).toBe('Username or email is required');
    expect(en(errors.password)).toBe('Password is required');
  });
  it('accepts filled fields', () => {
    expect(validateLogin({ username: 'amina', password: 'x' })).toEqual({});
  });
});

describe('sign-up validation (§5)', () => {
  it('accepts a valid form', () => {
    expect(validateSignup(VALID)).toEqual({});
  });
  it.each([
    [{ name: ' ' }, 'name', 'Full name is required'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'NOLOWER#123', confirmPassword: 'NOLOWER#123' },
      'password',
      'Password must contain at least one lowercase letter',
    ],
    [
      { password: 'noupper#123', confirmPassword: 'noupper#123' },
      'password',
      'Password must contain at least one uppercase letter',
    ],
    [
      { password: 'NoNumber#abc', confirmPassword: 'NoNumber#abc' },
      'password',
      'Password must contain at least one number',
    ],
    [
      { password: 'NoSpecial123', confirmPassword: 'NoSpecial123' },
      'password',
      'Password must contain at least one special character',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'Salaam#2027' }, 'confirmPassword', "Passwords don't match"],
  ] as const)('%j → %s: %s', (change, field, message) => {
    const errors = validateSignup({ ...VALID, ...change });
    expect(en(errors[field])).toBe(message);
    expect(Object.keys(errors)).toEqual([field]);
  });
  it('limits lengths (name 100, username 50, email 100, password 100)', () => {
    const errors = validateSignup({
      ...VALID,
      name: 'a'.repeat(101),
      username: 'u'.repeat(51),
      email: `${'e'.repeat(95)}@x.com`,
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'username']);
    expect(validateSignupPassword(`Aa1#${'x'.repeat(97)}`)).toBe('validation.passwordMax');
  });
});

describe('reset-password validation (§5)', () => {
  it('needs 10 characters', () => {
    expect(en(validateReset({ password: 'Abc#12345', confirmPassword: 'Abc#12345' }).password)).toBe(
      'Password must be at least 10 characters',
    );
  });
  it('needs upper, lower and a digit or symbol', () => {
    const message =
      'Password must contain at least one uppercase letter, one lowercase letter, and one number or symbol';
    expect(en(validateReset({ password: 'alllowercase1', confirmPassword: 'alllowercase1' }).password)).toBe(message);
    expect(en(validateReset({ password: 'NoDigitsHere', confirmPassword: 'NoDigitsHere' }).password)).toBe(message);
    expect(validateReset({ password: 'Symbols!Only', confirmPassword: 'Symbols!Only' })).toEqual({});
  });
  it('needs matching confirmation', () => {
    expect(en(validateReset({ password: 'GoodPass123', confirmPassword: 'GoodPass124' }).confirmPassword)).toBe(
      "Passwords don't match",
    );
  });
});
