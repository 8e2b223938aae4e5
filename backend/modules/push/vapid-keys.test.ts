import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import webpush from 'web-push';

import { loadVapidKeys } from './vapid-keys';

const none = { push: { vapid: null } } as const;

describe('loadVapidKeys', () => {
  it('uses the configured pair, storing nothing', async () => {
    const configured = webpush.generateVAPIDKeys();
    const store = new MemoryReadStore();
    expect(await loadVapidKeys({ push: { vapid: configured } } as never, store)).toEqual(configured);
    await store.ensureCollection({ name: 'dc_secrets' });
    expect(await store.collection('dc_secrets').count()).toBe(0);
  });

  it('generates one P-256 pair into the store and reuses it on the next start', async () => {
    const store = new MemoryReadStore();
    const first = await loadVapidKeys(none as never, store);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(await loadVapidKeys(none as never, store)).toEqual(first);
    expect(await loadVapidKeys(none as never, new MemoryReadStore())).not.toEqual(first);
  });

  it('processes starting together agree on one pair', async () => {
    const store = new MemoryReadStore();
    const all = await Promise.all(Array.from({ length: 5 }, () => loadVapidKeys(none as never, store)));
    expect(new Set(all.map((k) => k.publicKey)).size).toBe(1);
  });
});
