import { cacheRuleFor, mayStore, NOT_THE_SHELL } from './caching';

const ORIGIN = 'https://deenconnect.example';
const get = (path: string, destination = '') => ({ method: 'GET', url: ORIGIN + path, destination });

describe('what the service worker keeps for offline reading', () => {
  it.each([
    '/api/auth/me',
    '/api/feed?limit=20&cursor=abc',
    '/api/posts/p1',
    '/api/posts/p1/comments',
    '/api/courses?category=fiqh',
    '/api/courses/c1',
    '/api/courses/c1/learn',
    '/api/student/courses',
    '/api/qa/feed?limit=20',
    '/api/profile/bilal',
    '/api/profile/bilal/media',
  ])('keeps %s, network first', (path) => {
    expect(cacheRuleFor(get(path), ORIGIN)).toEqual({ cache: 'api', strategy: 'network-first' });
  });

  it('keeps the build`s files it did not precache once loaded (the other language, the realtime client)', () => {
    expect(cacheRuleFor(get('/assets/resources.ar-D0XuKKqy.js', 'script'), ORIGIN)).toEqual({
      cache: 'assets',
      strategy: 'cache-first',
    });
  });

  it('keeps image variants from the cache first, and never videos or voice notes', () => {
    expect(cacheRuleFor(get('/media/m1/w640.webp', 'image'), ORIGIN)).toEqual({
      cache: 'images',
      strategy: 'cache-first',
    });
    expect(cacheRuleFor(get('/media/m1/720p.mp4', 'video'), ORIGIN)).toBeNull();
    expect(cacheRuleFor(get('/media/m1/voice.webm', 'audio'), ORIGIN)).toBeNull();
  });

  it('stores no file the server marked no-store (a private circle picture, a paid lesson poster)', () => {
    const answer = (cacheControl: string | null) => ({
      headers: new Headers(cacheControl ? { 'Cache-Control': cacheControl } : {}),
    });
    expect(mayStore(answer('private, no-store'))).toBe(false);
    expect(mayStore(answer('No-Store'))).toBe(false);
    expect(mayStore(answer('public, max-age=31536000, immutable'))).toBe(true);
    expect(mayStore(answer('public, max-age=3600'))).toBe(true);
    expect(mayStore(answer(null))).toBe(true);
  });

  it('keeps no write, no other site, and nothing private that is not a read of the listed screens', () => {
    expect(cacheRuleFor({ ...get('/api/feed'), method: 'POST' }, ORIGIN)).toBeNull();
    expect(cacheRuleFor(get('/api/feed'), 'https://elsewhere.example')).toBeNull();
    for (const path of [
      '/api/conversations',
      '/api/notifications',
      '/api/auth/csrf',
      '/api/admin/reports',
      '/api/posts/video/drafts',
      '/api/cart',
    ])
      expect(cacheRuleFor(get(path), ORIGIN)).toBeNull();
  });

  it('never answers the server`s own routes with the page shell', () => {
    const shell = (path: string) => !NOT_THE_SHELL.some((rule) => rule.test(path));
    expect(['/home', '/post/p1', '/course/c1', '/messages/c1'].every(shell)).toBe(true);
    expect(['/api/feed', '/media/m1/w640.webp', '/socket.io/', '/metrics'].some(shell)).toBe(false);
  });
});
