import { notificationOptions, parsePushMessage, windowFor } from './push';

describe('a Web Push message in the service worker', () => {
  const message = { id: 'n1', title: 'Khadija', body: 'Salaam!', url: '/messages/c1', tag: 'conversation:c1' };

  it('is shown with its text, the app icon, and the screen its click opens', () => {
    const parsed = parsePushMessage(JSON.stringify(message));
    expect(parsed).toEqual(message);
    expect(notificationOptions(parsed!)).toEqual(
      expect.objectContaining({
        body: 'Salaam!',
        tag: 'conversation:c1',
        icon: '/icons/icon-192.png',
        data: { url: '/messages/c1', id: 'n1' },
      }),
    );
  });

  it('is ignored when it is not ours or would open another site', () => {
    expect(parsePushMessage(null)).toBeNull();
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ body: 'no title', url: '/home' }))).toBeNull();
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(parsePushMessage(JSON.stringify({ ...message, url }))).toBeNull();
  });

  it('reuses the window already on that screen, else any window of the app', () => {
    const origin = 'https://dc.example';
    const windows = [{ url: 'https://other.example/' }, { url: `${origin}/home` }, { url: `${origin}/messages/c1` }];
    expect(windowFor(windows, origin, '/messages/c1')).toBe(windows[2]);
    expect(windowFor(windows, origin, '/post/p9')).toBe(windows[1]);
    expect(windowFor([{ url: 'https://other.example/' }], origin, '/home')).toBeUndefined();
  });
});
