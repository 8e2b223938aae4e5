// The one TypeScript loader for code run without a build (run-ts, benchmark worker threads): each
// .ts file compiled on require with @swc/core (the build's decorator settings), and the path aliases
// of tsconfig.json resolved as TypeScript resolves them.
//
// Tests spawn many such processes (app boots, crash and restart tests), each compiling the same ~500
// files again; the output is kept on disk keyed by a hash of everything it depends on (swc's
// version, the options, the file's path and its text), so an edited file is simply a new key.
const Module = require('node:module');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync, version: swcVersion } = require('@swc/core');
const { resolveAlias } = require('./aliases.cjs');

const options = {
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};
const cacheDir = process.env.TS_REGISTER_NO_CACHE
  ? null
  : join(__dirname, '..', 'node_modules', '.cache', 'ts-register');
const salt = `${swcVersion}\0${JSON.stringify(options)}\0`;

function compile(source, filename) {
  if (!cacheDir) return transformSync(source, { filename, ...options }).code;
  const key = createHash('sha256').update(salt).update(filename).update('\0').update(source).digest('hex');
  const file = join(cacheDir, `${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Not compiled yet (or the cache is unwritable): compile, and keep it if we can.
  }
  const { code } = transformSync(source, { filename, ...options });
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written under a unique name and renamed: a process reading concurrently sees all or nothing.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  } catch {
    // A read-only checkout still runs, uncached.
  }
  return code;
}

if (!Module._extensions['.ts']) {
  Module._extensions['.ts'] = function load(module, filename) {
    module._compile(compile(readFileSync(filename, 'utf8'), filename), filename);
  };
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveWithAliases(request, ...rest) {
    return resolve.call(this, resolveAlias(request) ?? request, ...rest);
  };
}
