// The environment `npm start` gives the app process (and the benches that measure it as started).

/**
 * glibc's allocator gives each thread that allocates (libvips's workers during the seed's images,
 * libuv's pool) an arena of its own and keeps what they freed: an idle embedded app held ~200 MB
 * of such memory after the seed. Two arenas, and large blocks mapped and unmapped rather than
 * kept, bring that back to the system (docs/performance.md, bench:idle). Ignored elsewhere than
 * glibc; an operator's own setting wins.
 */
const ALLOCATOR = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * A newcomer's run is development (the demo seed, the mail outbox at /api/dev/outbox) unless the
 * environment says otherwise; a deployment sets NODE_ENV=production itself.
 */
export function appEnv(env = process.env) {
  return { ...ALLOCATOR, ...env, NODE_ENV: env.NODE_ENV || 'development' };
}
