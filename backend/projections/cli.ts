/**
 * npm run projections:status            each projector's generation, checkpoint and lag
 * npm run projections:rebuild -- <name> replays the log into a fresh generation, then switches reads
 *
 * Uses the same configuration as the app (DATABASE_URL / EVENTSTORE_URL / MONGODB_URL, else the
 * embedded database, which must not be open in a running app at the same time).
 */
import { ConfigError, loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logging';
import { openPlatform, type Platform } from '../src/platform/platform';
import { PersonalDataVault } from '../src/platform/privacy/personal-data-vault';
import { buildProjectors } from './index';
import { ensureBookkeeping, projectionStatuses, readState, rebuildProjection } from './runner';

async function projectorsOf(platform: Platform) {
  const vault = new PersonalDataVault(platform.readStore);
  await vault.init();
  return buildProjectors({ vault });
}

async function status(platform: Platform) {
  const projectors = await projectorsOf(platform);
  const head = await platform.eventStore.headCheckpoint();
  const rows = [['projector', 'version', 'generation', 'building', 'checkpoint', 'lag (events)']];
  const statuses = await projectionStatuses(platform.eventStore, platform.readStore, projectors);
  for (const s of statuses) {
    const state = await readState(platform.readStore, s.name);
    rows.push([
      s.name,
      s.version !== null
        ? `${s.version}${s.version !== s.codeVersion ? ` (code: ${s.codeVersion})` : ''}`
        : `- (code: ${s.codeVersion})`,
      s.generation !== null ? String(s.generation) : '-',
      state?.building ? `g${state.building.generation}` : '-',
      s.checkpoint || '(start)',
      s.lagCapped ? `>${s.lag}` : String(s.lag),
    ]);
  }
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  console.log(
    `\nhead of the log: ${head || '(empty)'}  (event store: ${platform.eventStore.engine}, read store: ${platform.readStore.engine})`,
  );
}

async function rebuild(platform: Platform, name: string | undefined) {
  const projectors = await projectorsOf(platform);
  const projector = projectors.find((p) => p.name === name);
  if (!projector) {
    console.error(
      `Usage: npm run projections:rebuild -- <name>\nProjectors: ${projectors.map((p) => p.name).join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }
  const started = Date.now();
  let lastPrint = 0;
  const result = await rebuildProjection({
    eventStore: platform.eventStore,
    readStore: platform.readStore,
    projector,
    logger: createLogger('warn'),
    onProgress: (events) => {
      if (Date.now() - lastPrint > 1000) {
        lastPrint = Date.now();
        console.log(`  ${events.toLocaleString('en-US')} events replayed...`);
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Rebuilt ${projector.name} into generation ${result.generation}: ${result.events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s; reads switched over.`,
  );
}

async function main() {
  const [command, name] = process.argv.slice(2);
  if (command !== 'status' && command !== 'rebuild') {
    console.error('Usage: projections status | projections rebuild <name>');
    process.exit(2);
  }
  const config = loadConfig();
  const platform = await openPlatform(config, createLogger('warn'));
  try {
    await ensureBookkeeping(platform.readStore);
    if (command === 'status') await status(platform);
    else await rebuild(platform, name);
  } finally {
    await platform.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
