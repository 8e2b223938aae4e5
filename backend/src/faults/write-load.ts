import sharp from 'sharp';

import { type HttpMember, sameBrowserAt } from '../testing/http-members';
import type { WriteLedger } from './write-ledger';

export interface LoadOptions {
  ledger: WriteLedger;
  /** One client per member; each writes to its own conversation. */
  members: { member: HttpMember; conversationId: string }[];
  /** The API URLs up right now; each write goes to one of them, round robin. */
  urls: () => string[];
  /** Bounds: the load stops by itself after this many writes or this long. */
  maxWrites: number;
  maxMs: number;
  /** Every n-th write of a client is an image message (0: none). */
  uploadEvery?: number;
  /** Pause between two writes of one client, so a busy 2-core machine keeps some room. */
  pauseMs?: number;
}

const csrf = (m: HttpMember) => ({ 'X-CSRF-Token': m.token });

/**
 * Writes as members would, several clients at once, while the suite injects faults: text
 * messages, posts, comments and likes on posts acknowledged so far, and image messages. Every
 * write and its outcome goes to the ledger. `stop` resolves once each client's last write has ended.
 */
export function writeLoad(o: LoadOptions) {
  let stopped = false;
  const started = Date.now();
  // Posts acknowledged so far: the targets of comments and likes.
  const posts: string[] = [];
  const browsers = new Map<string, HttpMember>();
  const at = (m: HttpMember, url: string) => {
    const key = `${m.id} ${url}`;
    if (!browsers.has(key)) browsers.set(key, url === m.url ? m : sameBrowserAt(m, url));
    return browsers.get(key)!;
  };
  const done = () => stopped || o.ledger.writes.length >= o.maxWrites || Date.now() - started > o.maxMs;
  let turn = 0;
  let ended = false;

  async function client(member: HttpMember, conversationId: string, index: number) {
    for (let i = index; !done(); i++) {
      const urls = o.urls();
      if (!urls.length) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const m = at(member, urls[turn++ % urls.length]!);
      const post = posts.length ? posts[Math.floor(Math.random() * posts.length)]! : null;
      if (o.uploadEvery && i % o.uploadEvery === o.uploadEvery - 1) {
        const tag = o.ledger.tag('upload');
        // Distinct bytes per upload (the tag is the file's name, kept on the message's media).
        const png = await sharp({
          create: { width: 24, height: 16, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 90 } },
        })
          .png()
          .toBuffer();
        await o.ledger.send(
          { kind: 'upload', tag, target: conversationId, by: member.id },
          () =>
            m.agent
              .post('/api/messages')
              .set(csrf(m))
              .field('conversationId', conversationId)
              .field('content', tag)
              .attach('media', png, `${tag}.png`),
          (b) => ((b.media as { id?: string } | null)?.id as string) ?? null,
        );
      } else if (i % 4 === 0 || !post) {
        const tag = o.ledger.tag('message');
        await o.ledger.send({ kind: 'message', tag, target: conversationId, by: member.id }, () =>
          m.agent.post('/api/messages').set(csrf(m)).send({ conversationId, content: tag }),
        );
      } else if (i % 4 === 1) {
        const tag = o.ledger.tag('post');
        const w = await o.ledger.send({ kind: 'post', tag, target: member.username, by: member.id }, () =>
          m.agent.post('/api/posts').set(csrf(m)).send({ content: tag }),
        );
        if (w.outcome === 'acked' && w.id) posts.push(w.id);
      } else if (i % 4 === 2) {
        const tag = o.ledger.tag('comment');
        await o.ledger.send({ kind: 'comment', tag, target: post, by: member.id }, () =>
          m.agent.post(`/api/posts/${post}/comments`).set(csrf(m)).send({ content: tag }),
        );
      } else {
        await o.ledger.send({ kind: 'like', tag: `${member.id}:${post}`, target: post, by: member.id }, () =>
          m.agent.post(`/api/posts/${post}/like`).set(csrf(m)),
        );
      }
      if (o.pauseMs) await new Promise((r) => setTimeout(r, o.pauseMs));
    }
  }

  /** Starts with one acknowledged post per member, so comments and likes have targets at once. */
  const running = (async () => {
    for (const { member } of o.members) {
      const tag = o.ledger.tag('post');
      const w = await o.ledger.send({ kind: 'post', tag, target: member.username, by: member.id }, () =>
        member.agent.post('/api/posts').set(csrf(member)).send({ content: tag }),
      );
      if (w.outcome !== 'acked' || !w.id) throw new Error(`the first post of ${member.username} answered ${w.status}`);
      posts.push(w.id);
    }
    await Promise.all(o.members.map(({ member, conversationId }, n) => client(member, conversationId, n)));
  })().finally(() => (ended = true));

  return {
    /** The number of writes sent so far. */
    sent: () => o.ledger.writes.length,
    /** True once every client has stopped (stop(), or the load's own bounds). */
    ended: () => ended,
    async stop() {
      stopped = true;
      await running;
    },
    /** Resolves once the load has ended by its own bounds. */
    finished: () => running,
  };
}
