/** §5 validation. Each rule returns an i18n key under `validation.`; the texts are the spec's. */
import type { TranslationKey } from '@/i18n';
export type MessageKey = Extract<TranslationKey, `validation.${string}`>;
export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

export interface LoginValues {
  username: string;
  password: string;
}
export interface SignupValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export interface ResetValues {
  password: string;
  confirmPassword: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= 8, message: 'validation.passwordMin' },
  { id: 'lowercase', test: (p: string) => /[a-z]/.test(p), message: 'validation.passwordLowercase' },
  { id: 'uppercase', test: (p: string) => /[A-Z]/.test(p), message: 'validation.passwordUppercase' },
  { id: 'number', test: (p: string) => /[0-9]/.test(p), message: 'validation.passwordNumber' },
  { id: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p), message: 'validation.passwordSpecial' },
] as const satisfies ReadonlyArray<{ id: string; test: (p: string) => boolean; message: MessageKey }>;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  if (values.username.trim() === '') errors.username = 'validation.usernameOrEmailRequired';
  if (values.password === '') errors.password = 'validation.passwordRequired';
  return errors;
}

export function validateSignupPassword(password: string): MessageKey | undefined {
  const failed = PASSWORD_RULES.find((rule) => !rule.test(password));
  if (failed) return failed.message;
  if (password.length > 100) return 'validation.passwordMax';
  return undefined;
}

export function validateSignup(values: SignupValues): FieldErrors<keyof SignupValues> {
  const errors: FieldErrors<keyof SignupValues> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'validation.fullNameRequired';
  else if (name.length > 100) errors.name = 'validation.fullNameMax';
  const username = values.username.trim();
  if (username.length < 3) errors.username = 'validation.usernameMin';
  else if (username.length > 50) errors.username = 'validation.usernameMax';
  const email = values.email.trim();
  if (!EMAIL.test(email)) errors.email = 'validation.emailInvalid';
  else if (email.length > 100) errors.email = 'validation.emailMax';
  const password = validateSignupPassword(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword === '') errors.confirmPassword = 'validation.confirmRequired';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'validation.passwordsDontMatch';
  return errors;
}

export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  const errors: FieldErrors<keyof ResetValues> = {};
  const p = values.password;
  if (p.length < 10) errors.password = 'validation.resetMin';
  else if (!/[A-Z]/.test(p) || !/[a-z]/.test(p) || !/[^A-Za-z]/.test(p)) errors.password = 'validation.resetComplexity';
  if (values.confirmPassword !== p) errors.confirmPassword = 'validation.passwordsDontMatch';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
