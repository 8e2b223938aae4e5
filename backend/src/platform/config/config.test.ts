import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs embedded with nothing set', () => {
    const c = loadConfig({});
    expect(c.http.port).toBe(3000);
    expect(c.database).toBeNull();
    expect(c.eventStoreUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.role).toBe('all');
  });

  it('reads the external engines', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      EVENTSTORE_URL: 'esdb://kurrentdb:2113?tls=false',
      MONGODB_URL: 'mongodb://mongo:27017/dc?replicaSet=rs0',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(c.http.port).toBe(8080);
    expect(c.database?.url).toBe('postgres://u@db:5432/app');
    expect(c.eventStoreUrl).toContain('esdb://');
    expect(c.mongodbUrl).toContain('mongodb://');
    expect(c.redisUrl).toBe('redis://redis:6379');
  });

  it("takes a cluster's URL with several hosts (KurrentDB gossip seeds, a MongoDB replica set)", () => {
    const c = loadConfig({
      EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113,kurrentdb-2:2113,kurrentdb-3:2113?tls=false',
      MONGODB_URL: 'mongodb://app:secret@mongodb:27017,mongodb-2:27017/deenconnect?replicaSet=rs0',
    });
    expect(c.eventStoreUrl).toBe('kurrentdb://kurrentdb:2113,kurrentdb-2:2113,kurrentdb-3:2113?tls=false');
    expect(c.mongodbUrl).toBe('mongodb://app:secret@mongodb:27017,mongodb-2:27017/deenconnect?replicaSet=rs0');
    expect(() => loadConfig({ MONGODB_URL: 'redis://a:1,b:2' })).toThrow(/MONGODB_URL must be a URL/);
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 1 and 65535/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL must be a URL starting with redis:\/\//],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must be a URL/],
    ['ROLE', 'web', /ROLE/],
    ['READ_MODEL_CACHE', 'no', /READ_MODEL_CACHE/],
    ['DATABASE_PREPARED_STATEMENTS', 'false', /DATABASE_PREPARED_STATEMENTS/],
  ])('names the bad variable %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('keeps PostgreSQL statements prepared unless DATABASE_PREPARED_STATEMENTS=off', () => {
    const url = 'postgres://u@db:5432/app';
    expect(loadConfig({ DATABASE_URL: url }).database?.preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'off' }).database?.preparedStatements).toBe(
      false,
    );
  });

  it('keeps the read-model cache on unless READ_MODEL_CACHE=off', () => {
    expect(loadConfig({}).projections.readModelCache).toBe(true);
    expect(loadConfig({ READ_MODEL_CACHE: 'off' }).projections.readModelCache).toBe(false);
  });

  it('sends payments to the sandbox unless a provider is configured whole', () => {
    expect(loadConfig({}).payments).toMatchObject({
      stripe: null,
      mpesa: null,
      sandbox: { secret: null, delayMs: 3000 },
    });
    const c = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey',
      MPESA_CALLBACK_URL: 'https://app.example.com/api/payments/callbacks/daraja',
    });
    expect(c.payments.stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', apiBase: null });
    expect(c.payments.mpesa).toMatchObject({ baseUrl: 'https://sandbox.safaricom.co.ke', shortcode: '174379' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(() => loadConfig({ MPESA_CONSUMER_KEY: 'key' })).toThrow(/MPESA_PASSKEY is required/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });

  it('keeps PUBLIC_URL without a trailing slash, so links built on it never read //path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://dc.example/' }).http.publicUrl).toBe('https://dc.example');
    expect(loadConfig({ PUBLIC_URL: 'https://dc.example/app//' }).http.publicUrl).toBe('https://dc.example/app');
    expect(loadConfig({ PUBLIC_URL: 'https://dc.example' }).http.publicUrl).toBe('https://dc.example');
    expect(loadConfig({ PORT: '4000' }).http.publicUrl).toBe('http://localhost:4000');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' }).http.port).toBe(3000);
  });

  it('.env.example lists every variable it reads', () => {
    const example = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8');
    const listed = example.split('\n').map((l) => l.replace(/^#\s*/, '').split('=')[0]!.trim());
    for (const name of CONFIG_VARIABLES) expect(listed).toContain(name);
  });

  it('reads REFUND_MAX_PROGRESS as a share from 0 to 1, 0.3 by default', () => {
    expect(loadConfig({}).refunds.maxProgress).toBe(0.3);
    expect(loadConfig({ REFUND_MAX_PROGRESS: '0' }).refunds.maxProgress).toBe(0);
    expect(loadConfig({ REFUND_MAX_PROGRESS: ' 0.5 ' }).refunds.maxProgress).toBe(0.5);
    expect(loadConfig({ REFUND_MAX_PROGRESS: '1' }).refunds.maxProgress).toBe(1);
    for (const bad of ['30', '1.5', '-0.1', '.3', '30%', 'abc'])
      expect(() => loadConfig({ REFUND_MAX_PROGRESS: bad })).toThrow(/REFUND_MAX_PROGRESS must be a share from 0 to 1/);
  });
});
