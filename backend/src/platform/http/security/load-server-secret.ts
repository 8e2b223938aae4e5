import { randomBytes, randomUUID } from 'node:crypto';

import type { AppConfig } from '@platform/config';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { ServerSecret } from './server-secret';

export const SECRETS_COLLECTION = 'dc_secrets';
const SECRET_ID = 'server';
const LEASE = 'dc_secrets:server';
// Far longer than one read and one write; a creator that dies holding it only delays the others.
const LEASE_TTL_MS = 30_000;

/**
 * SESSION_SECRET when set. Otherwise the secret kept in the read store, so every process on the
 * same stores (and the next start of this one) signs and verifies alike; the first process to
 * start creates it while holding a lease, so processes starting together agree on one value.
 */
export async function loadServerSecret(
  config: Pick<AppConfig, 'sessionSecret'>,
  readStore: ReadStore,
  options: { timeoutMs?: number } = {},
): Promise<ServerSecret> {
  if (config.sessionSecret) return new ServerSecret(config.sessionSecret);
  await readStore.ensureCollection({ name: SECRETS_COLLECTION });
  const secrets = readStore.collection<{ id: string; value: string; createdAt: string }>(SECRETS_COLLECTION);
  const owner = randomUUID();
  const deadline = Date.now() + (options.timeoutMs ?? LEASE_TTL_MS + 5_000);
  for (;;) {
    const stored = await secrets.get(SECRET_ID);
    if (stored) return new ServerSecret(stored.value);
    if (await readStore.acquireLease(LEASE, owner, LEASE_TTL_MS)) {
      try {
        // Whoever held the lease before us may have written it in between.
        const written = await secrets.get(SECRET_ID);
        if (written) return new ServerSecret(written.value);
        const value = randomBytes(48).toString('base64url');
        await secrets.upsert({ id: SECRET_ID, value, createdAt: new Date().toISOString() });
        return new ServerSecret(value);
      } finally {
        await readStore.releaseLease(LEASE, owner);
      }
    }
    if (Date.now() > deadline) throw new Error('Timed out waiting for another process to create the server secret');
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 50));
  }
}
