import { act, renderHook } from '@testing-library/react';

import { i18n } from '.';
import { useTranslation } from './useTranslation';

describe('the app’s useTranslation', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('gives every component the same t, and a new one when the language changes', async () => {
    const first = renderHook(() => useTranslation());
    const second = renderHook(() => useTranslation());
    expect(first.result.current.t).toBe(second.result.current.t);
    expect(first.result.current.t('time.now')).toBe(i18n.t('time.now', { lng: 'en' }));
    expect(first.result.current.t('time.minutes', { n: '5' })).toBe(i18n.t('time.minutes', { lng: 'en', n: '5' }));
    const before = first.result.current.t;
    await act(() => i18n.changeLanguage('ar'));
    expect(first.result.current.t).not.toBe(before);
    expect(first.result.current.i18n.language).toBe('ar');
    expect(first.result.current.t('time.now')).toBe(i18n.t('time.now', { lng: 'ar' }));
    expect(first.result.current.t('time.now')).not.toBe(i18n.t('time.now', { lng: 'en' }));
  });
});
