import { ServerSecret } from './server-secret';

describe('ServerSecret', () => {
  const secret = new ServerSecret('x'.repeat(32));

  it('signs and verifies per purpose, so a MAC for one use is refused for another', () => {
    const mac = secret.sign('csrf', 'data');
    expect(secret.verify('csrf', 'data', mac)).toBe(true);
    expect(secret.verify('cookie', 'data', mac)).toBe(false);
    expect(secret.verify('csrf', 'other', mac)).toBe(false);
    expect(secret.verify('csrf', 'data', mac.slice(2))).toBe(false);
    expect(secret.key('csrf').equals(secret.key('cookie'))).toBe(false);
  });

  it('depends on the secret value only', () => {
    expect(new ServerSecret('x'.repeat(32)).fingerprint()).toBe(secret.fingerprint());
    expect(new ServerSecret('y'.repeat(32)).fingerprint()).not.toBe(secret.fingerprint());
  });

  it('refuses a short secret', () => {
    expect(() => new ServerSecret('short')).toThrow(/at least 32/);
  });
});
