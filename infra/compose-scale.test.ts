/**
 * Checks infra/compose.scale.yml without Docker: laid over docker-compose.yml it must give a
 * three-node KurrentDB cluster whose nodes seed each other, a three-member MongoDB replica set, app
 * processes that reach every node through URLs the config module accepts, and one published port
 * (lb) in front of the api replicas.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { CONFIG_VARIABLES, loadConfig } from '../backend/src/platform/config/config';

interface Service {
  image?: string;
  environment?: Record<string, string>;
  networks?: { default?: { ipv4_address?: string } };
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition?: string }>;
}

const ROOT = join(__dirname, '..');
// `ports: !reset []` is Compose's own tag (drop the base file's list); read as the empty list it holds.
const scale = parse(readFileSync(join(__dirname, 'compose.scale.yml'), 'utf8'), {
  merge: true,
  customTags: [{ tag: '!reset', collection: 'seq', resolve: (value: unknown) => value }],
}) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const base = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};

const service = (name: string): Service => {
  const found = scale.services[name];
  if (!found) throw new Error(`infra/compose.scale.yml has no service "${name}"`);
  return found;
};
const KURRENT_NODES = ['kurrentdb', 'kurrentdb-2', 'kurrentdb-3'];

describe('infra/compose.scale.yml', () => {
  it('only adds to services of docker-compose.yml or defines new ones whole', () => {
    for (const [name, svc] of Object.entries(scale.services)) {
      if (!base.services[name]) expect({ name, image: Boolean(svc.image) }).toEqual({ name, image: true });
    }
  });

  it('runs KurrentDB as a three-node cluster whose nodes seed each other by their fixed addresses', () => {
    const ips = KURRENT_NODES.map((n) => service(n).networks?.default?.ipv4_address);
    for (const [i, name] of KURRENT_NODES.entries()) {
      const env = service(name).environment ?? {};
      expect(env.KURRENTDB_CLUSTER_SIZE).toBe('3');
      expect(env.KURRENTDB_RUN_PROJECTIONS).toBe('None');
      expect(env.KURRENTDB_REPLICATION_IP).toBe(ips[i]);
      expect((env.KURRENTDB_GOSSIP_SEED ?? '').split(',').sort()).toEqual(
        ips.filter((_, j) => j !== i).map((ip) => `${ip}:2113`),
      );
    }
  });

  it('initiates the replica set rs0 with all three members', () => {
    const test = JSON.stringify(service('mongodb').healthcheck?.test);
    for (const host of ['mongodb:27017', 'mongodb-2:27017', 'mongodb-3:27017']) expect(test).toContain(host);
  });

  it.each(['api', 'projections', 'workers'])('%s reaches every node through URLs the config accepts', (name) => {
    const env = service(name).environment ?? {};
    expect(Object.keys(env).filter((v) => !CONFIG_VARIABLES.includes(v as never))).toEqual([]);
    const config = loadConfig(env);
    expect(config.role).toBe(name);
    for (const node of KURRENT_NODES) expect(config.eventStoreUrl).toContain(`${node}:2113`);
    for (const member of ['mongodb:27017', 'mongodb-2:27017', 'mongodb-3:27017'])
      expect(config.mongodbUrl).toContain(member);
    for (const store of [...KURRENT_NODES, 'mongodb', 'redis'])
      expect(service(name).depends_on?.[store]?.condition).toBe('service_healthy');
  });

  it('publishes one port, on lb, and none on the api replicas', () => {
    expect(service('api').ports).toEqual([]);
    // One trusted hop, and lb replaces X-Forwarded-For: a client cannot choose its own address.
    expect(service('api').environment?.TRUST_PROXY).toBe('1');
    expect(service('lb').ports).toEqual(['3000:3000']);
    const mounted = (service('lb').volumes ?? [])[0]?.split(':')[0] ?? '';
    const conf = readFileSync(join(ROOT, mounted), 'utf8');
    expect(conf).toContain('server api:3000');
    expect(conf).toMatch(/hash \$remote_addr consistent/);
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade');
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).toMatch(/proxy_set_header X-Real-IP \$remote_addr;/);
    expect(conf).not.toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for/m);
  });

  it('declares every named volume it mounts', () => {
    const declared = Object.keys(scale.volumes ?? {});
    for (const svc of Object.values(scale.services)) {
      for (const v of svc.volumes ?? []) {
        const source = v.split(':')[0] ?? '';
        if (!source.startsWith('.')) expect(declared).toContain(source);
      }
    }
  });
});
