import { type HttpMember, sameBrowserAt } from '../testing/http-members';
import { until } from './until';
import type { Write, WriteLedger } from './write-ledger';

type Doc = Record<string, unknown> & { id: string };

/** Every message of a conversation, as a participant reads it (newest page first, then older ones). */
export async function messagesOf(member: HttpMember, conversationId: string): Promise<Doc[]> {
  const all: Doc[] = [];
  let before: string | null = null;
  for (;;) {
    const res = await member.agent
      .get(`/api/conversations/${conversationId}/messages`)
      .query({ limit: 100, ...(before ? { before } : {}) });
    if (res.status !== 200) throw new Error(`messages of ${conversationId} answered ${res.status}`);
    all.push(...(res.body.messages as Doc[]));
    if (!res.body.hasMore || !res.body.nextCursor) return all;
    before = res.body.nextCursor as string;
  }
}

/** A list endpoint paged by the last item's id (profile posts, comments). */
async function pagedById(member: HttpMember, path: string): Promise<Doc[]> {
  const all: Doc[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res = await member.agent.get(path).query({ limit: 50, ...(cursor ? { cursor } : {}) });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const page = res.body as Doc[];
    all.push(...page);
    if (page.length < 50) return all;
    cursor = page.at(-1)!.id;
  }
}

/**
 * How many copies of each written tag the app shows, read through the API as the writers (their
 * own limited posts and comments included): messages and image messages in the conversations,
 * posts on the authors' profiles, comments under each post that got some.
 */
async function copiesShown(ledger: WriteLedger, members: { member: HttpMember; conversationId: string }[]) {
  const found = new Map<string, number>();
  const count = (text: unknown) => {
    if (typeof text === 'string' && ledger.writes.some((w) => w.tag === text))
      found.set(text, (found.get(text) ?? 0) + 1);
  };
  const media = new Map<string, Doc>();
  const conversations = new Set<string>();
  for (const { member, conversationId } of members) {
    if (!conversations.has(conversationId)) {
      conversations.add(conversationId);
      for (const m of await messagesOf(member, conversationId)) {
        count(m.content);
        const file = m.media as Doc | null;
        if (file) media.set(m.content as string, file);
      }
    }
    for (const p of await pagedById(member, `/api/profile/${member.username}/posts`)) count(p.content);
  }
  const commented = new Set(ledger.writes.filter((w) => w.kind === 'comment').map((w) => `${w.target} ${w.by}`));
  const seen = new Set<string>();
  for (const key of commented) {
    const [postId, by] = key.split(' ');
    const reader = members.find((m) => m.member.id === by)!.member;
    for (const c of await pagedById(reader, `/api/posts/${postId}/comments`))
      if (!seen.has(c.id)) {
        seen.add(c.id);
        count(c.content);
      }
  }
  return { found, media };
}

/**
 * Likes: for each liked post, the count the app shows must lie between the members whose like was
 * acknowledged and those plus the ones whose outcome is unknown (a like is idempotent per member).
 */
async function likeMismatches(ledger: WriteLedger, reader: HttpMember): Promise<string[]> {
  const byPost = new Map<string, { acked: Set<string>; maybe: Set<string> }>();
  for (const w of ledger.writes.filter((x) => x.kind === 'like' && x.outcome !== 'refused')) {
    const entry = byPost.get(w.target) ?? { acked: new Set(), maybe: new Set() };
    (w.outcome === 'acked' ? entry.acked : entry.maybe).add(w.by);
    byPost.set(w.target, entry);
  }
  const wrong: string[] = [];
  for (const [postId, { acked, maybe }] of byPost) {
    const res = await reader.agent.get(`/api/posts/${postId}`);
    const likes = res.body.likesCount as number;
    const most = new Set([...acked, ...maybe]).size;
    if (res.status !== 200 || likes < acked.size || likes > most)
      wrong.push(`post ${postId}: ${likes} likes shown, ${acked.size} acknowledged (${most} at most)`);
  }
  return wrong;
}

export interface ReadBack {
  /** Acknowledged writes not shown, writes shown twice, refused writes shown. */
  lost: Write[];
  doubled: Write[];
  unexpected: Write[];
  /** Acknowledged uploads whose media is not shown ready. */
  notReady: Write[];
  /** Liked posts whose count is out of range (likeMismatches). */
  likes: string[];
}

/**
 * What the app shows of the ledger's writes once the faults are over, read through `url` as the
 * writers (same sessions): read again every 100 ms while an acknowledged write or upload is still
 * missing (recovery takes seconds), at most `timeoutMs`; then what the last read found, for the
 * suite to assert and print.
 */
export async function readBack(
  ledger: WriteLedger,
  members: { member: HttpMember; conversationId: string }[],
  url: string,
  timeoutMs = 20_000,
): Promise<ReadBack> {
  const readers = members.map((m) => ({ ...m, member: sameBrowserAt(m.member, url) }));
  const uploads = ledger.acked('upload');
  const read = async () => {
    const { found, media } = await copiesShown(ledger, readers);
    const notReady = uploads.filter((u) => (media.get(u.tag) as { status?: string } | undefined)?.status !== 'ready');
    return { ...ledger.check(['message', 'post', 'comment', 'upload'], found), notReady };
  };
  const shown = await until(
    read,
    (r) => r.lost.length === 0 && r.notReady.length === 0,
    'every acknowledged write and upload back',
    timeoutMs,
  ).catch(() => read());
  return { ...shown, likes: await likeMismatches(ledger, readers[0]!.member) };
}
