#!/usr/bin/env node
/**
 * The strict type check of the server and of the web app, and the lint, in one Oxlint run
 * (oxlint.config.mjs): tsgolint builds each tsconfig's program once on TypeScript 7's native compiler
 * and reports both the compiler's diagnostics and the type-aware rules' findings. tsc and
 * typescript-eslint on TypeScript 5.9 took ~131 s of CPU for the same; this takes ~30.
 *
 * Usage: typecheck-and-lint.cjs [dir]  (default: the repository; the static checks' planted test
 * runs it on a tree of its own with the repository's config).
 * Prints one JSON object: { typesServer, typesWeb, lint }, each { errors, output } (output: one line
 * per finding, `file:line:column message [rule or TS code]`). Exit code 0 whatever it found; the
 * caller judges.
 */
const { execFile } = require('node:child_process');
const { join, resolve } = require('node:path');

const ROOT = join(__dirname, '..');
const cwd = resolve(process.argv[2] ?? ROOT);

/** The compiler's own findings (TS codes, and a tsconfig it cannot read), not a rule's. */
const isTypeError = (code) => /^typescript\((TS\d+|tsconfig-error)\)$/.test(code);
/** The web app's files (frontend/tsconfig.json); the end-to-end tests belong to the server's program. */
const isWeb = (file) => file.startsWith('frontend/') && !file.startsWith('frontend/e2e/');

function verdict(found) {
  const lines = found.map((d) => {
    const at = d.labels?.[0]?.span;
    return `${d.filename}${at ? `:${at.line}:${at.column}` : ''} ${d.message} [${d.code}]`;
  });
  return { errors: found.length, output: lines.join('\n') };
}

const oxlint = join(ROOT, 'node_modules', 'oxlint', 'bin', 'oxlint');
execFile(
  process.execPath,
  [oxlint, '-c', join(ROOT, 'oxlint.config.mjs'), '--format', 'json'],
  {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    // Oxlint looks for tsgolint under the directory it lints; a planted tree has none of its own.
    env: { ...process.env, FORCE_COLOR: '0', OXLINT_TSGOLINT_PATH: join(ROOT, 'node_modules', '.bin', 'tsgolint') },
  },
  (err, stdout, stderr) => {
    let diagnostics;
    try {
      ({ diagnostics } = JSON.parse(stdout));
    } catch {
      process.stdout.write(
        JSON.stringify({ crashed: `oxlint printed no result (${err?.message ?? ''}):\n${stdout}${stderr}` }),
      );
      process.exitCode = 1;
      return;
    }
    const types = diagnostics.filter((d) => isTypeError(d.code));
    process.stdout.write(
      JSON.stringify({
        typesServer: verdict(types.filter((d) => !isWeb(d.filename))),
        typesWeb: verdict(types.filter((d) => isWeb(d.filename))),
        lint: verdict(diagnostics.filter((d) => !isTypeError(d.code))),
      }),
    );
  },
);
