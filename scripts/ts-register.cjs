// The one TypeScript loader for code run without a build (run-ts, benchmark worker threads): each
// .ts file compiled on require with @swc/core (the build's decorator settings), and the path aliases
// of tsconfig.json resolved as TypeScript resolves them.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
const { resolveAlias } = require('./aliases.cjs');

if (!Module._extensions['.ts']) {
  Module._extensions['.ts'] = function compile(module, filename) {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
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
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveWithAliases(request, ...rest) {
    return resolve.call(this, resolveAlias(request) ?? request, ...rest);
  };
}
