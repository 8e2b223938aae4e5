import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The server's signing secret. Each use gets its own key derived from it, so a MAC made for one
 * purpose (a CSRF token) is never accepted for another (a signed cookie, an email link).
 */
export class ServerSecret {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly value: string) {
    if (value.length < 32) throw new Error('The server secret must be at least 32 characters');
  }

  key(purpose: string): Buffer {
    let key = this.keys.get(purpose);
    if (!key) {
      key = createHmac('sha256', this.value).update(`deenconnect:${purpose}`).digest();
      this.keys.set(purpose, key);
    }
    return key;
  }

  /** HMAC-SHA256 of data under the purpose's key, base64url. */
  sign(purpose: string, data: string): string {
    return createHmac('sha256', this.key(purpose)).update(data).digest('base64url');
  }

  /** Constant-time check of a MAC made by sign. */
  verify(purpose: string, data: string, mac: string): boolean {
    const expected = Buffer.from(this.sign(purpose, data));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Same secret: lets tests compare two processes without exposing the value. */
  fingerprint(): string {
    return this.sign('fingerprint', 'fingerprint').slice(0, 16);
  }
}
