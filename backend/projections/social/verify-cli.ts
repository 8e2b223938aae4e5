/**
 * npm run projections:verify: recounts every post's counters, and the donations ledger, from the log
 * and compares them with the read models; prints each drift and exits 1 when there is any. Same configuration as the
 * app (the embedded database must not be open in a running app at the same time).
 */
import { ConfigError, loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logging';
import { openPlatform } from '../../src/platform/platform';
import { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import { buildProjectors, ensureBookkeeping, readCheckpoint, readState, RunnerReadModels } from '../index';
import { verifyLedger } from '../support';
import { type PostDoc, POSTS } from './docs';
import { Recount } from './recount';

async function main() {
  const platform = await openPlatform(loadConfig(), createLogger('warn'));
  try {
    await ensureBookkeeping(platform.readStore);
    const vault = new PersonalDataVault(platform.readStore);
    await vault.init();
    const readModels = new RunnerReadModels(platform.readStore, buildProjectors({ vault }));
    // Compare at the log position the projection has reached, so a running app's lag is no drift.
    const state = await readState(platform.readStore, 'social');
    const upTo = state ? await readCheckpoint(platform.readStore, 'social', state.activeGeneration) : '';
    const recount = new Recount();
    let after = '';
    while (upTo) {
      const batch = await platform.eventStore.readAll({ after, maxCount: 10_000 });
      if (batch.length === 0) break;
      for (const e of batch) if (e.checkpoint <= upTo) recount.add(e);
      after = batch.at(-1)?.checkpoint ?? after;
      if (after >= upTo) break;
    }
    const posts = readModels.collection<PostDoc>(POSTS);
    const drift: string[] = [];
    const ids = [...recount.posts.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const found = new Map((await posts.getMany(chunk)).map((d) => [d.id, d]));
      for (const id of chunk) drift.push(...recount.driftOf(found.get(id), id));
    }
    for (const line of drift) console.log(line);
    console.log(
      drift.length
        ? `${drift.length} counter(s) drifted over ${ids.length} posts.`
        : `No drift: ${ids.length} posts recounted from the log.`,
    );
    if (drift.length) process.exitCode = 1;
    // The donations ledger (issue 17): totals and each orphan's raised, recounted the same way.
    const ledger = await verifyLedger(platform.eventStore, platform.readStore, readModels);
    for (const line of ledger.drift) console.log(line);
    console.log(ledger.summary);
    if (ledger.drift.length) process.exitCode = 1;
  } finally {
    await platform.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
