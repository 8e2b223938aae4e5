import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '../platform/config';
import type { Runtime } from '../runtime';
import { SEED_ONLY_ENV, seedsApart, settled } from './seed-apart';

describe('seeding apart from the serving process', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'dc-seed-apart-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ...env });

  it("happens on the embedded app's first start, with the seed on", () => {
    expect(seedsApart(config(), 'all', {})).toBe(true);
  });

  it('not once the embedded database exists: a restart serves what is there', () => {
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    expect(seedsApart(config(), 'all', {})).toBe(false);
  });

  it('not with the seed off, on PostgreSQL, for a single role, or in the seeding process itself', () => {
    expect(seedsApart(config({ SEED: 'false' }), 'all', {})).toBe(false);
    expect(seedsApart(config({ DATABASE_URL: 'postgres://127.0.0.1:1/x' }), 'all', {})).toBe(false);
    expect(seedsApart(config(), 'api', {})).toBe(false);
    expect(seedsApart(config(), 'all', { [SEED_ONLY_ENV]: '1' })).toBe(false);
  });
  it('waits for the read models and the jobs, and gives up with a reason when a job hangs', async () => {
    let idleCalls = 0;
    const runtime = (idle: () => Promise<void>) =>
      ({
        platform: { eventStore: { headCheckpoint: async () => '0001' }, jobQueue: { idle } },
        runner: null,
        progress: { waitFor: async () => true },
      }) as unknown as Pick<Runtime, 'platform' | 'runner' | 'progress'>;
    await settled(
      runtime(async () => void idleCalls++),
      Date.now() + 1000,
    );
    expect(idleCalls).toBe(1);
    await expect(
      settled(
        runtime(() => new Promise(() => undefined)),
        Date.now() + 50,
      ),
    ).rejects.toThrow("the seed's jobs did not finish in time");
  });
});
