/**
 * Writes during a feed run, at a stated rate, through the API as members do: likes that toggle
 * (a like already given is taken back) on posts of the pages being read, and new posts.
 */
export interface WriteRates {
  likesPerSecond: number;
  postsPerSecond: number;
}

export interface WriteFigures {
  likes: number;
  posts: number;
  failed: number;
  p95Ms: number;
}

export interface Writer {
  base: string;
  /** `dc.sid=...` of each member. */
  cookies: string[];
  /** The CSRF token bound to each member's session, in the order of cookies. */
  csrfs: string[];
  /** Post ids the likes go to. */
  postIds: string[];
}

export function startWrites(w: Writer, rates: WriteRates): { stop(): Promise<WriteFigures> } {
  const liked = new Set<string>();
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const figures = { likes: 0, posts: 0, failed: 0 };
  let n = 0;
  const send = (path: string, method: string, member: number, body?: unknown) => {
    const t = performance.now();
    const done = fetch(`${w.base}${path}`, {
      method,
      headers: {
        cookie: `${w.cookies[member % w.cookies.length]}; dc.csrf=${w.csrfs[member % w.cookies.length]}`,
        'x-csrf-token': w.csrfs[member % w.cookies.length]!,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
    })
      .then(async (res) => {
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status >= 300) figures.failed++;
        return res.status < 300;
      })
      .catch(() => {
        figures.failed++;
        return false;
      });
    const tracked = done.then(() => undefined);
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
    return done;
  };
  const like = () => {
    const i = n++;
    const member = i % w.cookies.length;
    const postId = w.postIds[(i * 7) % w.postIds.length]!;
    const key = `${member}:${postId}`;
    const on = !liked.has(key);
    if (on) liked.add(key);
    else liked.delete(key);
    void send(`/api/posts/${postId}/like`, on ? 'POST' : 'DELETE', member).then((ok) => ok && figures.likes++);
  };
  const post = () => {
    const i = n++;
    void send('/api/posts', 'POST', i, { content: `Bench post written during the feed run ${i} #bench` }).then(
      (ok) => ok && figures.posts++,
    );
  };
  const timers = [
    rates.likesPerSecond > 0 ? setInterval(like, 1000 / rates.likesPerSecond) : null,
    rates.postsPerSecond > 0 ? setInterval(post, 1000 / rates.postsPerSecond) : null,
  ];
  return {
    async stop() {
      for (const t of timers) if (t) clearInterval(t);
      await Promise.all(pending);
      latencies.sort((a, b) => a - b);
      const p95Ms = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0;
      return { ...figures, p95Ms };
    },
  };
}
