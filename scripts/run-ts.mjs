#!/usr/bin/env node
// Runs a TypeScript entry file without a build step (benchmarks, CLIs, test children), with the
// loader of scripts/ts-register.cjs (swc, and tsconfig.json's path aliases).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
require('./ts-register.cjs');

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(entry), ...args];
require('reflect-metadata');
require(resolve(entry));
