// The path aliases are written once, in tsconfig.paths.json (which tsconfig.json and
// frontend/tsconfig.json extend); Jest, Vite, the TypeScript loader of scripts/run-ts.mjs and the
// build (tsc-alias, through the extends) all read them from there.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const { compilerOptions } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.paths.json'), 'utf8'));
const base = join(ROOT, compilerOptions.baseUrl ?? '.');

/** A string as a literal inside a regular expression. */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  return Object.fromEntries(
    aliases.map((a) =>
      a.wildcard ? [`^${escape(a.prefix)}(.*)$`, `${a.target}$1`] : [`^${escape(a.prefix)}$`, a.target],
    ),
  );
}

/** The same aliases as Vite's resolve.alias entries. */
function viteAliases() {
  return aliases.map((a) => ({
    find: new RegExp(a.wildcard ? `^${escape(a.prefix)}` : `^${escape(a.prefix)}$`),
    replacement: a.target,
  }));
}

/**
 * React's names served by Preact (preact/compat): the web app's components in about a sixth of
 * react-dom's bytes (issue 37). Exact names only: react-redux, react-router and react-i18next stay
 * themselves and reach Preact through these. The build and the web tests use the same list.
 */
const PREACT_FOR_REACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/** PREACT_FOR_REACT as Jest's moduleNameMapper entries (or Vite's resolve.alias with `vite`). */
function preactForReact({ vite = false } = {}) {
  const entries = Object.entries(PREACT_FOR_REACT);
  if (vite) return entries.map(([name, target]) => ({ find: new RegExp(`^${escape(name)}$`), replacement: target }));
  return Object.fromEntries(entries.map(([name, target]) => [`^${escape(name)}$`, target]));
}

module.exports = { resolveAlias, jestModuleNameMapper, viteAliases, preactForReact };
