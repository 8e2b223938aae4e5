import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it("are argon2id at OWASP's baseline unless a test run asks for fast ones", async () => {
    expect(await hashPassword('Bismillah#2026')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Bismillah#2026', 'baseline')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Bismillah#2026', 'fast')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verify whatever cost they were made at, and refuse another password or a broken hash', async () => {
    for (const hashing of ['baseline', 'fast'] as const) {
      const made = await hashPassword('Bismillah#2026', hashing);
      expect(await verifyPassword(made, 'Bismillah#2026')).toBe(true);
      expect(await verifyPassword(made, 'Bismillah#2027')).toBe(false);
    }
    expect(await verifyPassword('not a hash', 'Bismillah#2026')).toBe(false);
  });

  it('keep a dummy at each cost, so "no such member" costs what a wrong password does', async () => {
    expect(DUMMY_HASH.baseline).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(DUMMY_HASH.fast).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    for (const dummy of Object.values(DUMMY_HASH)) expect(await verifyPassword(dummy, 'Bismillah#2026')).toBe(false);
  });
});
