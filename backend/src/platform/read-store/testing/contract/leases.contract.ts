import { ReadStoreError } from '../../core/errors';
import { type ContractContext, sleep } from './context';

export function leasesContract(ctx: ContractContext): void {
  describe('leases', () => {
    it('is held by one owner at a time and renewed by that owner', async () => {
      const store = ctx.store();
      const lease = ctx.uniqueName('lease');
      expect(await store.acquireLease(lease, 'worker-1', 10_000)).toBe(true);
      expect(await store.acquireLease(lease, 'worker-1', 10_000)).toBe(true);
      expect(await store.acquireLease(lease, 'worker-2', 10_000)).toBe(false);
      expect(await store.acquireLease(ctx.uniqueName('lease'), 'worker-2', 10_000)).toBe(true);
    });

    it('is acquirable by another owner once released, and only its owner can release it', async () => {
      const store = ctx.store();
      const lease = ctx.uniqueName('lease');
      await store.releaseLease(lease, 'nobody');
      expect(await store.acquireLease(lease, 'worker-1', 10_000)).toBe(true);
      await store.releaseLease(lease, 'worker-2');
      expect(await store.acquireLease(lease, 'worker-2', 10_000)).toBe(false);
      await store.releaseLease(lease, 'worker-1');
      expect(await store.acquireLease(lease, 'worker-2', 10_000)).toBe(true);
    });

    it('expires after its ttl unless renewed', async () => {
      const store = ctx.store();
      const lease = ctx.uniqueName('lease');
      // Margins of 600 ms on each side: a CI run on a loaded 2-core machine stalled an embedded
      // store's renewal for over 150 ms, and with 400 ms leases the renewed one had lapsed.
      const ttl = 1500;
      expect(await store.acquireLease(lease, 'worker-1', ttl)).toBe(true);
      await sleep(900);
      expect(await store.acquireLease(lease, 'worker-1', ttl)).toBe(true); // now held until ~2,400 ms
      await sleep(900); // ~1,800 ms: past the first ttl, inside the renewed one
      expect(await store.acquireLease(lease, 'worker-2', ttl)).toBe(false);
      await sleep(1200); // ~3,000 ms: past the renewed ttl
      expect(await store.acquireLease(lease, 'worker-2', ttl)).toBe(true);
      expect(await store.acquireLease(lease, 'worker-1', ttl)).toBe(false);
    });

    it('lets exactly one of many concurrent contenders win', async () => {
      const store = ctx.store();
      const lease = ctx.uniqueName('lease');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.acquireLease(lease, `worker-${i}`, 10_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('renews many leases at once, each as acquireLease would, and says which are still held', async () => {
      const store = ctx.store();
      const [mine, theirs, fresh, lapsed] = ['mine', 'theirs', 'fresh', 'lapsed'].map((n) => ctx.uniqueName(n));
      expect(await store.acquireLease(mine!, 'worker-1', 10_000)).toBe(true);
      expect(await store.acquireLease(theirs!, 'worker-2', 10_000)).toBe(true);
      expect(await store.acquireLease(lapsed!, 'worker-2', 100)).toBe(true);
      await sleep(200);
      const asked = [mine!, theirs!, fresh!, lapsed!].map((name) => ({ name, owner: 'worker-1' }));
      expect(await store.renewLeases(asked, 10_000)).toEqual([true, false, true, true]);
      // Renewed for the new ttl: worker-2 cannot take them; its own lease stayed its own.
      expect(await store.acquireLease(mine!, 'worker-2', 10_000)).toBe(false);
      expect(await store.acquireLease(lapsed!, 'worker-2', 10_000)).toBe(false);
      expect(await store.acquireLease(theirs!, 'worker-2', 10_000)).toBe(true);
      expect(await store.renewLeases([], 10_000)).toEqual([]);
    });

    it('refuses a renewal that names a lease twice, or a bad ttl, and changes nothing', async () => {
      const store = ctx.store();
      const lease = ctx.uniqueName('lease');
      const twice = [
        { name: lease, owner: 'worker-1' },
        { name: lease, owner: 'worker-2' },
      ];
      await expect(store.renewLeases(twice, 10_000)).rejects.toThrow(ReadStoreError);
      await expect(store.renewLeases([{ name: lease, owner: 'worker-1' }], 0)).rejects.toThrow(ReadStoreError);
      await expect(store.renewLeases([{ name: '', owner: 'worker-1' }], 10_000)).rejects.toThrow(ReadStoreError);
      expect(await store.acquireLease(lease, 'worker-2', 10_000)).toBe(true);
    });

    it('refuses a missing name, owner or a non-positive ttl', async () => {
      const store = ctx.store();
      await expect(store.acquireLease('', 'o', 1000)).rejects.toThrow(ReadStoreError);
      await expect(store.acquireLease('l', '', 1000)).rejects.toThrow(ReadStoreError);
      await expect(store.acquireLease('l', 'o', 0)).rejects.toThrow(ReadStoreError);
    });
  });
}
