import { socketOriginAllowed } from './socket-origin';

describe('socketOriginAllowed', () => {
  const publicUrl = 'https://deenconnect.example';

  it('lets in the app itself: its public origin, or a page served by the same address', () => {
    expect(socketOriginAllowed('https://deenconnect.example', 'internal:3000', publicUrl, true)).toBe(true);
    expect(socketOriginAllowed('http://10.0.0.5:3000', '10.0.0.5:3000', publicUrl, true)).toBe(true);
  });

  it('refuses any other page in production, a sibling subdomain included, and garbage', () => {
    expect(socketOriginAllowed('https://evil.example', 'deenconnect.example', publicUrl, true)).toBe(false);
    expect(socketOriginAllowed('https://forum.deenconnect.example', 'deenconnect.example', publicUrl, true)).toBe(
      false,
    );
    expect(socketOriginAllowed('http://localhost:5173', 'deenconnect.example', publicUrl, true)).toBe(false);
    expect(socketOriginAllowed('null', 'deenconnect.example', publicUrl, true)).toBe(false);
  });

  it('lets loopback pages in outside production (the dev server proxies the socket)', () => {
    expect(socketOriginAllowed('http://localhost:5173', 'localhost:3000', 'http://localhost:3000', false)).toBe(true);
    expect(socketOriginAllowed('http://127.0.0.1:4173', 'localhost:3000', 'http://localhost:3000', false)).toBe(true);
    expect(socketOriginAllowed('https://evil.example', 'localhost:3000', 'http://localhost:3000', false)).toBe(false);
  });

  it('takes a handshake without Origin (not a browser) on its session cookie alone', () => {
    expect(socketOriginAllowed(undefined, 'deenconnect.example', publicUrl, true)).toBe(true);
  });
});
