#!/usr/bin/env node
// Runs a TypeScript entry file without a build step (benchmarks, CLIs): compiles each .ts file on
// require with @swc/core, with the same decorator settings as the build.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const Module = require('node:module');
const { transformSync } = require('@swc/core');

Module._extensions['.ts'] = function compile(module, filename) {
  const { code } = transformSync(require('node:fs').readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(entry), ...args];
require('reflect-metadata');
require(resolve(entry));
