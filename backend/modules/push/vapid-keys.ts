import { randomUUID } from 'node:crypto';

import type { AppConfig } from '@platform/config';
import type { ReadStore } from '@platform/read-store/read-store.port';
import webpush from 'web-push';

/** The server's VAPID pair, base64url (the public key is what browsers subscribe with). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Beside the session secret (platform/http/security/load-server-secret.ts), under its own id. */
const SECRETS_COLLECTION = 'dc_secrets';
const KEYS_ID = 'vapid';
const LEASE = 'dc_secrets:vapid';
const LEASE_TTL_MS = 30_000;

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set. Otherwise the pair kept in the read store, made by
 * the first process to start while it holds a lease: every process (API, projections, workers) and
 * every later start signs with the same key, or browsers' subscriptions made with the old public
 * key would be refused by their push service.
 */
export async function loadVapidKeys(
  config: Pick<AppConfig, 'push'>,
  readStore: ReadStore,
  options: { timeoutMs?: number } = {},
): Promise<VapidKeys> {
  if (config.push.vapid) return config.push.vapid;
  await readStore.ensureCollection({ name: SECRETS_COLLECTION });
  const secrets = readStore.collection<{ id: string; publicKey: string; privateKey: string; createdAt: string }>(
    SECRETS_COLLECTION,
  );
  const owner = randomUUID();
  const deadline = Date.now() + (options.timeoutMs ?? LEASE_TTL_MS + 5_000);
  for (;;) {
    const stored = await secrets.get(KEYS_ID);
    if (stored) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    if (await readStore.acquireLease(LEASE, owner, LEASE_TTL_MS)) {
      try {
        const written = await secrets.get(KEYS_ID);
        if (written) return { publicKey: written.publicKey, privateKey: written.privateKey };
        const keys = webpush.generateVAPIDKeys();
        await secrets.upsert({ id: KEYS_ID, ...keys, createdAt: new Date().toISOString() });
        return keys;
      } finally {
        await readStore.releaseLease(LEASE, owner);
      }
    }
    if (Date.now() > deadline) throw new Error('Timed out waiting for another process to create the VAPID keys');
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 50));
  }
}

/** One load per process and store: the keys never change while it runs. */
export function vapidKeysOnce(config: Pick<AppConfig, 'push'>, readStore: ReadStore): () => Promise<VapidKeys> {
  let pending: Promise<VapidKeys> | null = null;
  return () => {
    pending ??= loadVapidKeys(config, readStore).catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
