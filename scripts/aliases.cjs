// The path aliases are written once, in tsconfig.paths.json (which tsconfig.json and
// frontend/tsconfig.json extend); Jest, Vite, the TypeScript loader of scripts/run-ts.mjs and the
// build (tsc-alias, through the extends) all read them from there.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const { compilerOptions } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.paths.json'), 'utf8'));
const base = join(ROOT, compilerOptions.baseUrl ?? '.');

/** [prefix, target folder or file, whether it takes a rest (`@modules/*`)] */
const aliases = Object.entries(compilerOptions.paths ?? {}).map(([pattern, [target]]) => {
  const wildcard = pattern.endsWith('/*');
  return {
    prefix: wildcard ? pattern.slice(0, -1) : pattern,
    target: join(base, wildcard ? target.slice(0, -1) : target),
    wildcard,
  };
});

/** The absolute path an aliased import stands for, or undefined for any other import. */
function resolveAlias(request) {
  for (const a of aliases) {
    if (a.wildcard ? request.startsWith(a.prefix) : request === a.prefix)
      return a.wildcard ? a.target + request.slice(a.prefix.length) : a.target;
  }
  return undefined;
}

/** The same aliases as Jest's moduleNameMapper. */
function jestModuleNameMapper() {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.fromEntries(
    aliases.map((a) =>
      a.wildcard ? [`^${escape(a.prefix)}(.*)$`, `${a.target}$1`] : [`^${escape(a.prefix)}$`, a.target],
    ),
  );
}

/** The same aliases as Vite's resolve.alias entries. */
function viteAliases() {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return aliases.map((a) => ({
    find: new RegExp(a.wildcard ? `^${escape(a.prefix)}` : `^${escape(a.prefix)}$`),
    replacement: a.target,
  }));
}

module.exports = { resolveAlias, jestModuleNameMapper, viteAliases };
