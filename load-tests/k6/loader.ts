/**
 * Module resolution for k6 scripts on Node: `k6`, `k6/http`, `k6/metrics` and `k6/execution`
 * resolve to small ES modules that re-export the API the VU thread put on globalThis.__k6shim, and
 * `.js` files outside node_modules load as ES modules (k6 scripts are ESM; this package is not).
 * Registered in every thread that imports a script (hooks are per thread on Node 20).
 */

const EXPORTS: Record<string, string[]> = {
  k6: ['check', 'group', 'sleep', 'fail'],
  'k6/http': [
    'request',
    'get',
    'head',
    'post',
    'put',
    'patch',
    'del',
    'options',
    'batch',
    'cookieJar',
    'expectedStatuses',
    'setResponseCallback',
  ],
  'k6/metrics': ['Counter', 'Gauge', 'Rate', 'Trend'],
  'k6/execution': [],
};

function bridge(name: string): string {
  const names = EXPORTS[name]!;
  return [
    `const m = globalThis.__k6shim[${JSON.stringify(name)}];`,
    'export default m;',
    ...names.map((n) => `export const ${n} = m.${n};`),
  ].join('\n');
}

const HOOKS = `
const BRIDGES = ${JSON.stringify(Object.fromEntries(Object.keys(EXPORTS).map((n) => [n, bridge(n)])))};
export async function resolve(specifier, context, next) {
  if (Object.hasOwn(BRIDGES, specifier)) return { url: 'k6shim:' + specifier, shortCircuit: true };
  if (specifier === 'k6' || specifier.startsWith('k6/'))
    throw new Error('"' + specifier + '" is not provided by the Node runner (k6, k6/http, k6/metrics, k6/execution); run this script with k6');
  if (/^https?:/.test(specifier))
    throw new Error('remote module "' + specifier + '" is not loaded by the Node runner; vendor it next to the script');
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.startsWith('k6shim:')) return { format: 'module', source: BRIDGES[url.slice(7)], shortCircuit: true };
  if (url.startsWith('file:') && url.endsWith('.js') && !url.includes('/node_modules/'))
    return next(url, { ...context, format: 'module' });
  return next(url, context);
}
`;

/** The hooks as a data: URL for module.register(). */
export const HOOKS_URL = `data:text/javascript,${encodeURIComponent(HOOKS)}`;
