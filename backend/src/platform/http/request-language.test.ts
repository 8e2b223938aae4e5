import { requestLanguage } from './request-language';

const asked = (value?: string | string[]) => requestLanguage({ headers: { 'accept-language': value } });

describe('requestLanguage', () => {
  it('reads the language the web app sends, and regional tags of it', () => {
    expect(asked('ar')).toBe('ar');
    expect(asked('ar-KE')).toBe('ar');
    expect(asked('en')).toBe('en');
    expect(asked('EN-gb')).toBe('en');
  });

  it('takes the best-weighted language we speak from a browser’s list', () => {
    expect(asked('fr-FR, ar;q=0.8, en;q=0.5')).toBe('ar');
    expect(asked('en;q=0.4, ar;q=0.9')).toBe('ar');
    expect(asked('sw, en;q=0.7, ar;q=0.7')).toBe('en');
    expect(asked(['ar;q=0.2', 'en;q=0.3'])).toBe('en');
  });

  it('answers English when nothing usable is asked', () => {
    expect(asked()).toBe('en');
    expect(asked('')).toBe('en');
    expect(asked('fr, de;q=0.5')).toBe('en');
    expect(asked('ar;q=0')).toBe('en');
    expect(asked('ar;q=abc')).toBe('ar');
    expect(asked(';;;,,,')).toBe('en');
  });
});
