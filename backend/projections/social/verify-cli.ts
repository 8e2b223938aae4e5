/**
 * npm run projections:verify: recounts every post's counters, the donations ledger and community counts, from the log
 * and compares them with the read models; prints each drift and exits 1 when there is any. Same configuration as the
 * app (the embedded database must not be open in a running app at the same time).
 */
import { ConfigError, loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logging';
import { openPlatform } from '../../src/platform/platform';
import { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import { verifyCommunityCounts } from '../communities';
import { buildProjectors, ensureBookkeeping, RunnerReadModels } from '../index';
import { verifyLedger } from '../support';
import { verifyPostCounters } from './verify';

async function main() {
  const platform = await openPlatform(loadConfig(), createLogger('warn'));
  try {
    await ensureBookkeeping(platform.readStore);
    const vault = new PersonalDataVault(platform.readStore);
    await vault.init();
    const readModels = new RunnerReadModels(platform.readStore, buildProjectors({ vault }));
    const report = await verifyPostCounters(platform.eventStore, platform.readStore, readModels);
    for (const line of report.drift) console.log(line);
    console.log(
      report.drift.length
        ? `${report.drift.length} counter(s) drifted over ${report.posts} posts.`
        : `No drift: ${report.posts} posts recounted from the log.`,
    );
    if (!report.ok) process.exitCode = 1;
    // The donations ledger (issue 17): totals and each orphan's raised, recounted the same way.
    const ledger = await verifyLedger(platform.eventStore, platform.readStore, readModels);
    for (const line of ledger.drift) console.log(line);
    console.log(ledger.summary);
    if (ledger.drift.length) process.exitCode = 1;
    // Communities (issue 41): members, requests and live posts, recounted the same way.
    const communities = await verifyCommunityCounts(platform.eventStore, platform.readStore, readModels);
    for (const line of communities.drift) console.log(line);
    console.log(communities.summary);
    if (communities.drift.length) process.exitCode = 1;
  } finally {
    await platform.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
