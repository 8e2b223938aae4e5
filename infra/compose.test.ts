/**
 * Checks docker-compose.yml without Docker: the services the app needs exist and are health-checked,
 * the app processes are pointed at the compose stores, and every variable they get is one the config
 * module reads (so a typo in compose cannot silently fall back to an embedded default).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { CONFIG_VARIABLES, loadConfig } from '../backend/src/platform/config/config';

interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}
interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: Healthcheck;
  volumes?: (string | { type?: string; source?: string; target?: string })[];
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const ROOT = join(__dirname, '..');
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), {
  merge: true, // the app services share their settings through a YAML anchor (<<: *app)
}) as ComposeFile;

const STORES = ['kurrentdb', 'mongodb', 'redis'] as const;
const APP_SERVICES = ['api', 'projections', 'workers'] as const;
const ENTRY = 'dist/server/backend/src/main.js';

/** A service's environment as a map, whichever of compose's two forms it uses. */
function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v == null ? '' : String(v)]));
}

function service(name: string): Service {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

describe('docker-compose.yml', () => {
  it('defines every service the app needs', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining([...STORES, ...APP_SERVICES]));
  });

  it.each([...STORES, ...APP_SERVICES])('%s has a health check', (name) => {
    const { healthcheck } = service(name);
    expect(healthcheck).toBeDefined();
    expect(healthcheck?.disable).not.toBe(true);
    const test = healthcheck?.test;
    expect(
      Array.isArray(test) ? test.length > 1 && test[0] !== 'NONE' : typeof test === 'string' && test.length > 0,
    ).toBe(true);
  });

  it('uses the KurrentDB image with server-side projections off and a plain-HTTP node', () => {
    const kurrent = service('kurrentdb');
    expect(kurrent.image).toMatch(/^docker\.kurrent\.io\/kurrent-[a-z]+\/kurrentdb:/);
    const env = environmentOf(kurrent);
    expect(env.KURRENTDB_RUN_PROJECTIONS).toBe('None');
    expect(env.KURRENTDB_INSECURE).toBe('true');
    expect(JSON.stringify(kurrent.healthcheck?.test)).toContain('2113/health/live');
  });

  it('runs MongoDB as the replica set rs0 and initiates it from the health check', () => {
    const mongo = service('mongodb');
    expect(JSON.stringify(mongo.command)).toMatch(/--replSet.*rs0/);
    const test = JSON.stringify(mongo.healthcheck?.test);
    expect(test).toContain('rs.initiate');
    expect(test).toContain("host: 'mongodb:27017'");
  });

  describe.each(APP_SERVICES)('app service %s', (name) => {
    const svc = service(name);
    const env = environmentOf(svc);

    it('is built from infra/Dockerfile', () => {
      const build = typeof svc.build === 'string' ? { context: svc.build } : svc.build;
      expect(build?.dockerfile).toBe('infra/Dockerfile');
      expect(existsSync(join(ROOT, build?.context ?? '.', build?.dockerfile ?? ''))).toBe(true);
    });

    it('runs the compiled entry point with its role', () => {
      expect(svc.command).toEqual(['node', ENTRY, name]);
      expect(env.ROLE ?? name).toBe(name);
    });

    it('points EVENTSTORE_URL, MONGODB_URL and REDIS_URL at the compose services', () => {
      expect(new URL(env.EVENTSTORE_URL ?? '').hostname).toBe('kurrentdb');
      expect(env.EVENTSTORE_URL).toMatch(/^(kurrentdb|esdb):\/\/kurrentdb:2113\?tls=false$/);
      const mongo = new URL(env.MONGODB_URL ?? '');
      expect(mongo.protocol).toBe('mongodb:');
      expect(mongo.hostname).toBe('mongodb');
      expect(mongo.searchParams.get('replicaSet')).toBe('rs0');
      expect(new URL(env.REDIS_URL ?? '').hostname).toBe('redis');
      expect(env.NODE_ENV).toBe('production');
      expect(env.HOST).toBe('0.0.0.0');
      expect(env.PORT).toBe('3000');
      expect(env.DATA_DIR).toBe('/data');
      expect(env.MEDIA_DIR).toBe('/data/media');
    });

    it('sets only variables the config module reads', () => {
      const unknown = Object.keys(env).filter((variable) => !CONFIG_VARIABLES.includes(variable as never));
      expect(unknown).toEqual([]);
    });

    it('passes config validation with its environment', () => {
      const config = loadConfig(env);
      expect(config.eventStoreUrl).toBe(env.EVENTSTORE_URL);
      expect(config.mongodbUrl).toBe(env.MONGODB_URL);
      expect(config.redisUrl).toBe(env.REDIS_URL);
    });

    it('waits for every store to be healthy', () => {
      const dependsOn = svc.depends_on;
      expect(dependsOn).toBeDefined();
      expect(Array.isArray(dependsOn)).toBe(false);
      for (const store of STORES) {
        expect((dependsOn as Record<string, { condition?: string }>)[store]?.condition).toBe('service_healthy');
      }
    });

    it('mounts the shared named data volume at DATA_DIR', () => {
      const mounts = (svc.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
      expect(mounts).toContain('app-data:/data');
    });
  });

  it('checks the api through GET /api/auth/health', () => {
    expect(service('api').healthcheck?.test).toEqual(['CMD', 'node', 'infra/healthcheck.mjs', 'api']);
    expect(readFileSync(join(__dirname, 'healthcheck.mjs'), 'utf8')).toContain('/api/auth/health');
  });

  it('declares every named volume it mounts', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const volume of svc.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
        if (source && !source.startsWith('.') && !source.startsWith('/')) {
          expect({ service: name, volume: source, declared: declared.includes(source) }).toEqual({
            service: name,
            volume: source,
            declared: true,
          });
        }
      }
    }
  });
});
