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

  it('keeps a label it was asked for, until strings are added or removed', () => {
    const { t } = renderHook(() => useTranslation()).result.current;
    // Anything kept by the test before is forgotten: strings were added.
    i18n.addResourceBundle('en', 'translation', { rememberTest: { label: 'Late label' } }, true, true);
    // i18next's own lookup (not in its public types).
    const { translator } = i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
    const lookUps = jest.spyOn(translator, 'translate');
    try {
      const label = t('time.now');
      expect(t('time.now')).toBe(label);
      expect(lookUps).toHaveBeenCalledTimes(1);
      // Plain values are put in without i18next (quickT.ts); other options go to it.
      expect(t('time.minutes', { n: '5' })).toBe('5m');
      expect(t('time.minutes', { n: '6' })).toBe('6m');
      expect(lookUps).toHaveBeenCalledTimes(1);
      expect(t('time.minutes', { n: '7', lng: 'en' })).toBe('7m');
      expect(lookUps).toHaveBeenCalledTimes(2);
      // A screen's own strings arrive (featureStrings.ts): what was kept is looked up again.
      i18n.addResourceBundle('en', 'translation', { rememberTest: { other: 'x' } }, true, true);
      expect(t('rememberTest.label' as never)).toBe('Late label');
      expect(t('time.now')).toBe(label);
      expect(lookUps).toHaveBeenCalledTimes(4);
      i18n.addResourceBundle(
        'en',
        'translation',
        { rememberTest: { label: 'Changed', named: 'Hi {{who}}' } },
        true,
        true,
      );
      expect(t('rememberTest.label' as never)).toBe('Changed');
      expect(t('rememberTest.named' as never, { who: 'Amina' })).toBe('Hi Amina');
    } finally {
      lookUps.mockRestore();
    }
  });
});
