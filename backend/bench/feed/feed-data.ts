/**
 * The data shape of issue 20's feed figures: 20 verified members who all follow each other and
 * 10,000 posts, made by the load seed (real identity commands; posts and follows through their
 * deciders), plus a session per member for the feed requests.
 */
import { seedLoadData } from '../../../load-tests/seed';
import { IdentityService } from '../../modules/identity';
import type { Runtime } from '../../src/runtime';

export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
export const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);

export interface FeedData {
  members: string[];
  /** `dc.sid=<token>` of each member, in the order of members. */
  cookies: string[];
  seedSeconds: number;
}

export async function seedFeedData(
  runtime: Runtime,
  log: (line: string) => void = () => undefined,
  shape = { members: MEMBERS, posts: POSTS },
): Promise<FeedData> {
  const started = Date.now();
  const { members } = await seedLoadData(runtime, { ...shape, follows: shape.members - 1 }, log);
  const seedSeconds = (Date.now() - started) / 1000;
  const identity = runtime.http!.get(IdentityService);
  const cookies: string[] = [];
  for (const userId of members) {
    const { session } = await identity.startSession(userId, true, { actor: userId, requestId: 'bench-feed' });
    cookies.push(`dc.sid=${session.token}`);
  }
  return { members, cookies, seedSeconds };
}

/** The CSRF token bound to each session (asked with its own cookie), in the order of cookies. */
export async function csrfTokens(runtime: Runtime, cookies: string[]): Promise<string[]> {
  const http = runtime.http!.getHttpAdapter().getInstance();
  const tokens: string[] = [];
  for (const cookie of cookies) {
    const res = await http.inject({ method: 'GET', url: '/api/auth/csrf', headers: { cookie } });
    tokens.push((JSON.parse(res.body) as { csrfToken: string }).csrfToken);
  }
  return tokens;
}
