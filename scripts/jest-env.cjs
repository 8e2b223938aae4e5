// Environment every test file (and the processes it starts with process.env) shares.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');

// Embedded databases start from a dump of a fresh cluster instead of running initdb each time
// (backend/src/platform/sql/pglite-template.ts); the dump is made by the first that needs it, and
// named by the engine's version, so an upgrade makes a new one.
const manifest = join(__dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
process.env.PGLITE_TEMPLATE ??= join(tmpdir(), `dc-pglite-${version}-fresh-cluster.tar`);
