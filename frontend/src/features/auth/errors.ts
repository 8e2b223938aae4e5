import type { TFunction } from 'i18next';

import { serverMessage } from '@/app/baseQuery';
import type { TranslationKey } from '@/i18n';

export interface MappedError {
  field?: 'email' | 'username';
  key: TranslationKey;
}

/** §8 sign-up failures: email taken and username taken go to their fields; anything else is generic. */
export function mapRegisterError(error: unknown): MappedError {
  const message = serverMessage(error) ?? '';
  if (/EMAIL_EXISTS|email (already )?exists/i.test(message)) return { field: 'email', key: 'serverErrors.emailExists' };
  if (/USERNAME_EXISTS|username (is )?(already )?taken|username (already )?exists/i.test(message)) {
    return { field: 'username', key: 'serverErrors.usernameExists' };
  }
  return { key: 'serverErrors.registrationFailed' };
}

/** §8 login failure: the server's message, else 'Login failed'. */
export function loginErrorText(error: unknown, translate: TFunction): string {
  return serverMessage(error) ?? translate('serverErrors.loginFailed');
}
