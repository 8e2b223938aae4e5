import webpush from 'web-push';

import { loadConfig } from './config';
import { DEFAULT_PUSH_ENDPOINT_ORIGINS } from './push-config';

describe('push configuration', () => {
  it('defaults to the browsers’ push services, no configured keys, a mailto subject', () => {
    const c = loadConfig({});
    expect(c.push.endpointOrigins).toEqual(DEFAULT_PUSH_ENDPOINT_ORIGINS);
    expect(c.push.vapid).toBeNull();
    expect(c.push.subject).toMatch(/^mailto:/);
    expect(loadConfig({ PUBLIC_URL: 'https://deenconnect.example' }).push.subject).toBe('https://deenconnect.example');
  });

  it('takes a VAPID pair only whole and well-formed', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).push.vapid).toEqual(
      keys,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY is required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT must be a mailto/);
  });

  it('attack: a production deployment cannot be configured to send pushes over plain http', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ENDPOINT_ORIGINS: 'http://127.0.0.1:*' })).toThrow(
      /PUSH_ENDPOINT_ORIGINS must list https:\/\/ origins only in production/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ENDPOINT_ORIGINS: 'http://127.0.0.1:*' }).push.endpointOrigins).toEqual([
      'http://127.0.0.1:*',
    ]);
    for (const bad of ['*', 'https://*', 'https://fcm.googleapis.com/path', 'ftp://x.example', ','])
      expect(() => loadConfig({ PUSH_ENDPOINT_ORIGINS: bad })).toThrow(/PUSH_ENDPOINT_ORIGINS must be/);
  });
});
