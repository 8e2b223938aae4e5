import { IDENTITY_TEST_ENV } from '@testing/members';

import { type AppProcess, appProcesses } from './testing/app-processes';
import { type HttpMember, registerMemberAt, sameBrowserAt } from './testing/http-members';
import { type TestProfile, testProfiles } from './testing/profiles';

/**
 * Issue 20, scale-out: two API processes (ROLE=api) that do not run the projections, one
 * projections process and one workers process (mail for the e-mail checks), each its own `node`,
 * on one PostgreSQL schema and Redis prefix. A member writes through process 1 and reads through
 * process 2 right after each command answers: the read must show the write every time (process 2
 * reads through its cache of the read models, kept current by the projections process's published
 * changes), and process 2 must really answer from memory (its read counters say so).
 *
 * Runs when PostgreSQL and Redis answer (with CI set, their absence fails the run).
 */
const shared: TestProfile | undefined = testProfiles()
  .map((make) => make())
  .find((p) => p.name === 'postgres+redis');

const ROUNDS = 20;
/** The app port serves /metrics only to this bearer. */
const METRICS_TOKEN = 'scale-out-metrics-token-0123456789abcdef';

interface PostView {
  id: string;
  likes: number;
  isLiked: boolean;
}

if (shared)
  describe('scale-out: a write through one API process is read through the other at once (postgres+redis, real processes)', () => {
    const profile = shared!;
    const apps = appProcesses();
    let api1: AppProcess;
    let api2: AppProcess;
    let author: HttpMember;
    let reader: HttpMember;

    const readsOf = async (app: AppProcess) => {
      const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const value = (from: string) =>
        Number(new RegExp(`^dc_read_model_reads\\{[^}]*answered_from="${from}"[^}]*\\} (\\d+)`, 'm').exec(text)?.[1]);
      return { memory: value('memory'), store: value('store'), uncached: value('uncached') };
    };

    /** Follows the e-mail link the workers process delivered to the outbox. */
    const verify = async (member: HttpMember, app: AppProcess) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const res = await fetch(`${app.url}/api/dev/outbox?to=${encodeURIComponent(member.email)}`);
        const mails = ((await res.json()) as { mails?: { template: string; links: string[] }[] }).mails ?? [];
        const link = mails.find((m) => m.template === 'verify-email')?.links.at(-1);
        if (link) {
          const path = link.replace(/^https?:\/\/[^/]+/, '');
          const answer = await fetch(`${app.url}${path}`, { redirect: 'manual' });
          expect(answer.headers.get('location')).toBe('/?verified=success');
          return;
        }
        if (Date.now() > deadline) throw new Error(`no verification mail for ${member.email}\n${apps.report()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    beforeAll(async () => {
      const env = { ...profile.env(), ...IDENTITY_TEST_ENV, READ_YOUR_WRITES_TIMEOUT_MS: '10000', METRICS_TOKEN };
      const started = await Promise.allSettled([
        apps.start('api', { env, name: 'process 1 (api)' }),
        apps.start('api', { env, name: 'process 2 (api)' }),
        apps.start('projections', { env, name: 'process 3 (projections)' }),
        apps.start('workers', { env, name: 'process 4 (workers)' }),
      ]);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      const value = (s: PromiseSettledResult<AppProcess>) => (s as PromiseFulfilledResult<AppProcess>).value;
      [api1, api2] = [value(started[0]), value(started[1])];
      [author, reader] = await Promise.all([registerMemberAt(api1.url!), registerMemberAt(api2.url!)]);
      await Promise.all([verify(author, api1), verify(reader, api2)]);
      const follow = await sameBrowserAt(reader, api1.url!)
        .agent.post(`/api/users/${author.id}/follow`)
        .set('X-CSRF-Token', reader.token);
      expect(follow.status).toBeLessThan(300);
    }, 90_000);

    afterAll(async () => {
      try {
        await apps.stopAll();
      } finally {
        await profile.cleanup(undefined);
      }
    }, 60_000);

    it('shows each new post, like and unlike made through process 1 on process 2 as soon as the command answers', async () => {
      const readerAt1 = sameBrowserAt(reader, api1.url!);
      const following = () => reader.agent.get('/api/feed?filter=following&limit=20');
      // Process 2 holds the reader's feed before the writes begin: those pages are what could go stale.
      expect((await following()).status).toBe(200);
      const before = await readsOf(api2);
      const stale: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const posted = await author.agent
          .post('/api/posts')
          .set('X-CSRF-Token', author.token)
          .send({ content: `Scale-out round ${i}` });
        expect(posted.status).toBe(201);
        const id = posted.body.id as string;

        let feed = (await following()).body as PostView[];
        if (feed[0]?.id !== id) stale.push(`round ${i}: the feed on process 2 did not start with the new post`);
        // Read again: now from process 2's memory, which must still be right.
        feed = (await following()).body as PostView[];
        if (feed[0]?.id !== id) stale.push(`round ${i}: the cached feed on process 2 lost the new post`);

        const liked = await readerAt1.agent.post(`/api/posts/${id}/like`).set('X-CSRF-Token', reader.token);
        expect(liked.status).toBe(200);
        const detail = (await reader.agent.get(`/api/posts/${id}`)).body as PostView;
        if (detail.likes !== 1 || !detail.isLiked)
          stale.push(`round ${i}: the post on process 2 did not show the like`);
        feed = (await following()).body as PostView[];
        if (feed[0]?.likes !== 1 || !feed[0]?.isLiked)
          stale.push(`round ${i}: the feed on process 2 did not show the like`);

        if (i % 5 === 4) {
          const unliked = await readerAt1.agent.delete(`/api/posts/${id}/like`).set('X-CSRF-Token', reader.token);
          expect(unliked.status).toBeLessThan(300);
          feed = (await following()).body as PostView[];
          if (feed[0]?.likes !== 0 || feed[0]?.isLiked)
            stale.push(`round ${i}: the feed on process 2 did not show the unlike`);
        }
      }
      expect(stale).toEqual([]);
      const after = await readsOf(api2);
      // Most of process 2's reads came from its memory, and none had to skip the cache.
      const memory = after.memory - before.memory;
      const store = after.store - before.store;
      expect(memory).toBeGreaterThan(store);
      expect(after.uncached - before.uncached).toBe(0);
    }, 60_000);
  });
