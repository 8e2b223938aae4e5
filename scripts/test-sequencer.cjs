/**
 * Longest suites first, so that the workers finish together instead of one running a 2-minute
 * suite alone at the end. Jest's own sequencer does this only from its local cache; a fresh CI
 * clone has none and falls back to file size, which put static-checks (~2 min) 400 s into the run.
 * The committed .ci/suite-times.json (regenerate with `node scripts/suite-times.cjs` after a full
 * run) fills in where the cache has no figure. Suites in neither still run, first (Jest's rule).
 * Ordering only: every suite the config matches still runs.
 */
const fs = require('fs');
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

const root = path.resolve(__dirname, '..');
let committed = {};
try {
  committed = JSON.parse(fs.readFileSync(path.join(root, '.ci/suite-times.json'), 'utf8'));
} catch {
  // Without the list the order is Jest's default; nothing is skipped either way.
}

class LongestFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = committed[path.relative(root, test.path).split(path.sep).join('/')];
    return seconds == null ? undefined : seconds * 1000;
  }
}

module.exports = LongestFirstSequencer;
