import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import type { ReadStore } from '../read-store/read-store.port';

export const PERSONAL_KEYS_COLLECTION = 'dc_personal_keys';

interface KeyDoc {
  id: string;
  [key: string]: unknown;
  key: string;
}

/**
 * Crypto-shredding: each member's personal data is sealed in the events with a key of their own
 * (AES-256-GCM). Deleting the account deletes the key, and every copy of that data in the log,
 * in backups of it and in any replay becomes unreadable. Keys live outside the event store and are
 * not a read model: rebuilds never recreate them.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, { key: Buffer | null; at: number }>();

  constructor(
    private readonly store: ReadStore,
    private readonly cacheMs = 30_000,
  ) {}

  async init(): Promise<void> {
    await this.store.ensureCollection({ name: PERSONAL_KEYS_COLLECTION });
  }

  /** Creates the member's key; call once, before their first sealed event. */
  async createKey(userId: string): Promise<void> {
    const key = randomBytes(32);
    await this.store.collection<KeyDoc>(PERSONAL_KEYS_COLLECTION).upsert({ id: userId, key: key.toString('base64') });
    this.cache.set(userId, { key, at: Date.now() });
  }

  async seal(userId: string, data: unknown): Promise<string> {
    const key = await this.key(userId);
    if (!key) throw new Error(`No personal data key for ${userId}`);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // The user id is bound in as associated data: a blob copied onto another member fails to open.
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  /** The sealed data, or null when the key has been shredded. */
  async open<T>(userId: string, sealed: string): Promise<T | null> {
    const key = await this.key(userId);
    if (!key) return null;
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1') throw new Error(`Unknown sealed data version ${version}`);
    if (iv === undefined || tag === undefined || body === undefined) throw new Error('Sealed data is truncated');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  }

  /** Deletes the key: everything sealed with it is unreadable from now on. */
  async shred(userId: string): Promise<void> {
    await this.store.collection(PERSONAL_KEYS_COLLECTION).delete(userId);
    this.cache.set(userId, { key: null, at: Date.now() });
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }

  private async key(userId: string): Promise<Buffer | null> {
    const cached = this.cache.get(userId);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.key;
    const doc = await this.store.collection<KeyDoc>(PERSONAL_KEYS_COLLECTION).get(userId);
    const key = doc ? Buffer.from(doc.key, 'base64') : null;
    this.cache.set(userId, { key, at: Date.now() });
    return key;
  }
}
