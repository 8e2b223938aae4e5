import { execFileSync } from 'node:child_process';

import type { AppConfig } from '../config';
import type { MediaTools } from '../media-tools';

/**
 * Which real servers the integration suites can use. Decided synchronously (Jest registers suites
 * synchronously): once per Jest run by its global setup, else by a short-lived probe process. In CI
 * (CI set) a missing server is an error, not a reason to run fewer tests.
 */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Probe results a Jest run made once for all its files (scripts/jest-global-setup.cjs), by `kind:url`. */
function probedForTheRun(): Map<string, boolean> {
  try {
    return new Map(Object.entries(JSON.parse(process.env.DC_TEST_SERVICES ?? '{}') as Record<string, boolean>));
  } catch {
    return new Map();
  }
}

const cache = probedForTheRun();

function probe(kind: 'postgres' | 'redis', url: string): boolean {
  const key = `${kind}:${url}`;
  if (cache.get(key) === false && process.env.CI)
    throw new Error(`${kind} is required in CI but ${url} does not answer`);
  if (!cache.has(key)) {
    const script =
      kind === 'postgres'
        ? `const {Client}=require('pg');const c=new Client({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.query('select 1')).then(()=>process.exit(0),()=>process.exit(1))`
        : `const R=require('ioredis');const r=new R(process.argv[1],{lazyConnect:true,connectTimeout:2000,maxRetriesPerRequest:0,retryStrategy:()=>null});r.connect().then(()=>r.ping()).then(()=>process.exit(0),()=>process.exit(1))`;
    let ok = false;
    try {
      execFileSync(process.execPath, ['-e', script, url], { stdio: 'ignore', timeout: 5000, cwd: __dirname });
      ok = true;
    } catch {
      ok = false;
    }
    if (!ok && process.env.CI) throw new Error(`${kind} is required in CI but ${url} does not answer`);
    cache.set(key, ok);
  }
  return cache.get(key)!;
}

export const postgresReachable = () => probe('postgres', TEST_DATABASE_URL);
export const redisReachable = () => probe('redis', TEST_REDIS_URL);

/**
 * A config that names the default ffmpeg and ffprobe, given the choice the Jest run's global setup
 * made for them once (DC_TEST_MEDIA_TOOLS): running both to ask their version took ~1 s of every app
 * start, and a run starts about a hundred. Another config (a test's own paths) is left to probe.
 */
export function withRunMediaTools(config: AppConfig): AppConfig {
  const probed = process.env.DC_TEST_MEDIA_TOOLS;
  const { ffmpegPath, ffprobePath, tools } = config.ffmpeg;
  if (!probed || tools || ffmpegPath !== 'ffmpeg' || ffprobePath !== 'ffprobe') return config;
  return { ...config, ffmpeg: { ...config.ffmpeg, tools: JSON.parse(probed) as MediaTools } };
}
