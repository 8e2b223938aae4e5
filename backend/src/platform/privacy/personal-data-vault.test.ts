import { MemoryReadStore } from '../read-store/memory.read-store';
import { PersonalDataVault } from './personal-data-vault';

describe('PersonalDataVault', () => {
  it('seals per member, opens only for that member, and forgets forever once shredded', async () => {
    const store = new MemoryReadStore();
    const vault = new PersonalDataVault(store, 0);
    await vault.init();
    await vault.createKey('u1');
    await vault.createKey('u2');
    const sealed = await vault.seal('u1', { email: 'amina@example.com' });
    expect(sealed).not.toContain('amina');
    expect(await vault.open('u1', sealed)).toEqual({ email: 'amina@example.com' });
    await expect(vault.open('u2', sealed)).rejects.toThrow();
    await vault.shred('u1');
    // Another process (fresh cache) cannot read it either.
    expect(await new PersonalDataVault(store, 0).open('u1', sealed)).toBeNull();
    expect(await vault.open('u1', sealed)).toBeNull();
    await store.close();
  });
});
