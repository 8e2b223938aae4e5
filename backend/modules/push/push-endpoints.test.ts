import { DEFAULT_PUSH_ENDPOINT_ORIGINS } from '@platform/config/push-config';

import { endpointAllowed } from './push-endpoints';

describe('endpointAllowed', () => {
  const production = DEFAULT_PUSH_ENDPOINT_ORIGINS;

  it('accepts the browsers’ push services', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(endpointAllowed(ok, production)).toBe(true);
  });

  it('refuses what an attacker would aim the server at (SSRF), and malformed or oversized endpoints', () => {
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/x', // plain http
      'https://fcm.googleapis.com:8443/fcm/send/x', // another port
      'https://fcm.googleapis.com.evil.example/x', // a lookalike suffix
      'https://evil.example/?https://fcm.googleapis.com',
      'https://user:pw@fcm.googleapis.com/x',
      'https://push.apple.com/x', // the wildcard means a subdomain
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://localhost/x',
      'https://10.0.0.7/x',
      'file:///etc/passwd',
      'not a url',
      `https://fcm.googleapis.com/${'a'.repeat(1100)}`,
    ])
      expect(endpointAllowed(bad, production)).toBe(false);
  });

  it('lets a test configuration name its own loopback push service, and nothing else', () => {
    const test = ['http://127.0.0.1:*'];
    expect(endpointAllowed('http://127.0.0.1:41234/push/1', test)).toBe(true);
    expect(endpointAllowed('http://127.0.0.2:41234/push/1', test)).toBe(false);
    expect(endpointAllowed('http://localhost:41234/push/1', test)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/x', test)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:80/x', ['http://127.0.0.1:8080'])).toBe(false);
  });
});
