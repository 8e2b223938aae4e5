#!/usr/bin/env node
/**
 * Writes .ci/suite-times.json (suite path relative to the repository -> seconds) from a run's
 * jest-results.json, for scripts/test-sequencer.cjs. Usage: node scripts/suite-times.cjs [results]
 */
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const results = JSON.parse(fs.readFileSync(process.argv[2] ?? path.join(root, 'jest-results.json'), 'utf8'));
const times = {};
for (const suite of results.testResults) {
  // Results may come from another checkout (the lead's): keep the part from the first known root.
  const rel = suite.name
    .replace(/\\/g, '/')
    .replace(/^.*?\/(?=(backend|workers|infra|scripts|frontend|load-tests)\/)/, '');
  times[rel] = Math.round((suite.endTime - suite.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(times).sort((a, b) => b[1] - a[1]));
fs.writeFileSync(path.join(root, '.ci/suite-times.json'), JSON.stringify(sorted, null, 2) + '\n');
console.log(`${Object.keys(sorted).length} suites written to .ci/suite-times.json`);
