import { ConfigError, loadConfig } from './config';

describe('PASSWORD_HASHING', () => {
  it("is OWASP's baseline in production and development, fast only for test runs unless told", () => {
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashing).toBe('baseline');
    expect(loadConfig({}).passwordHashing).toBe('baseline');
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashing).toBe('fast');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'baseline' }).passwordHashing).toBe('baseline');
    expect(loadConfig({ PASSWORD_HASHING: 'fast' }).passwordHashing).toBe('fast');
  });

  it('refuses fast hashing in production, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASHING: 'fast' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASHING: 'fast' })).toThrow(
      /PASSWORD_HASHING cannot be fast with NODE_ENV=production/,
    );
    expect(() => loadConfig({ PASSWORD_HASHING: 'weak' })).toThrow(/PASSWORD_HASHING/);
  });
});
