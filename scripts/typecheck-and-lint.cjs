#!/usr/bin/env node
/**
 * `tsc --noEmit` for the server and for the web app, then ESLint over the repository, in one process
 * that builds each TypeScript program once: ESLint's type-aware rules are handed the programs tsc just
 * checked (parserOptions.programs) instead of building their own. Run separately, the three built the
 * same programs three times over, the largest part of `npm test`'s static checks.
 *
 * Prints one JSON object: { tscServer, tscWeb, eslint }, each { errors, output } (output as the tools
 * print it; errors: how many). Exit code 0 whatever it found; the caller judges.
 */
const { join } = require('node:path');
const ts = require('typescript');
const { ESLint } = require('eslint');

const ROOT = join(__dirname, '..');

function program(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, configPath),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const built = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    configFileParsingDiagnostics: parsed.errors,
  });
  const diagnostics = ts.getPreEmitDiagnostics(built);
  const output = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  });
  return { built, result: { errors: diagnostics.length, output } };
}

async function main() {
  const server = program('tsconfig.json');
  const web = program('frontend/tsconfig.json');
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parserOptions: { projectService: false, programs: [server.built, web.built] } },
      },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const errors = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  const output = errors ? await formatter.format(results) : '';
  process.stdout.write(JSON.stringify({ tscServer: server.result, tscWeb: web.result, eslint: { errors, output } }));
}

main().catch((err) => {
  process.stdout.write(JSON.stringify({ crashed: String(err?.stack ?? err) }));
  process.exitCode = 1;
});
