import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { membershipPush, type Push, userRoom } from '@platform/push/push';
import { FEED_ROOM } from '@projections/social/pushes';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';

import { hiddenFromRooms, hideRoom } from '../../../projections/relationships/hide-rooms';
import { loadConfig } from '../../../src/platform/config';
import { silentLogger } from '../../../src/platform/logging';
import { redisReachable, TEST_REDIS_URL } from '../../../src/platform/testing/services';
import { IoPushSink } from '../../realtime/realtime-server';
import { useRedisFanout } from '../../realtime/redis-fanout';

/**
 * The hide rooms across instances (socket.io Redis adapter): two io servers holding sockets and a
 * third without any (a projections process) share one Redis prefix; room changes and feed news
 * sent by any of them reach the sockets of every instance, in the order they were sent.
 */
if (redisReachable())
  describe('feed news and hide rooms across instances (Redis adapter)', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `dc-test-hides-${randomBytes(4).toString('hex')}`,
    });
    const X = 'author-x';
    const closers: (() => Promise<void>)[] = [];
    const clients: Socket[] = [];
    let instances: { sink: IoPushSink; url: string }[];
    let detached: IoPushSink;

    async function instance(withHttp: boolean) {
      const http = withHttp ? createServer() : null;
      const io = http ? new Server(http) : new Server();
      const close = await useRedisFanout(io, config, silentLogger);
      io.on('connection', (socket) => {
        void socket.join([userRoom(String(socket.handshake.query.member)), FEED_ROOM]);
      });
      closers.push(async () => {
        io.local.disconnectSockets(true);
        if (http) io.engine.close();
        await close();
        if (http) await new Promise((resolve) => http.close(resolve));
      });
      if (http) await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      return { sink: new IoPushSink(io), url: http ? `http://127.0.0.1:${(http.address() as AddressInfo).port}` : '' };
    }

    const watcher = (url: string, member: string) =>
      new Promise<{ socket: Socket; news: unknown[] }>((resolve, reject) => {
        const socket = connectClient(url, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          query: { member },
        });
        clients.push(socket);
        const news: unknown[] = [];
        socket.on('feed_new_posts', (payload) => news.push(payload));
        socket.once('connect', () => resolve({ socket, news }));
        socket.once('connect_error', reject);
      });
    const news = (postId: string): Push => ({
      id: `feed:${postId}`,
      rooms: [FEED_ROOM],
      except: hiddenFromRooms(X),
      event: 'feed_new_posts',
      payload: { count: 1, postIds: [postId], authorIds: [X] },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

    beforeAll(async () => {
      instances = [await instance(true), await instance(true)];
      ({ sink: detached } = await instance(false));
    });
    afterAll(async () => {
      for (const c of clients) c.close();
      for (const close of closers) await close();
    });

    it("leaves out the sockets in an author's hide rooms on every instance, and moves them from any instance", async () => {
      const [one, two] = instances;
      const muterHere = await watcher(one!.url, 'muter');
      const muterThere = await watcher(two!.url, 'muter');
      const other = await watcher(two!.url, 'other');
      await settle();

      // From the instance holding one of the muter's sockets: the room change and the news sent right
      // after it (one batch) apply in that order here at once, and there through Redis.
      one!.sink.publish(membershipPush('r1', [userRoom('muter')], { join: [hideRoom('mute', X)] }));
      one!.sink.publish(news('p1'));
      await settle();
      expect([muterHere.news, muterThere.news, other.news]).toEqual([
        [],
        [],
        [expect.objectContaining({ postIds: ['p1'] })],
      ]);

      // From a process without sockets (projections): the muter's sockets leave the room again.
      detached.publish(membershipPush('r2', [userRoom('muter')], { leave: [hideRoom('mute', X)] }));
      detached.publish(news('p2'));
      await settle();
      expect([muterHere.news.length, muterThere.news.length, other.news.length]).toEqual([1, 1, 2]);
      expect(muterThere.news[0]).toEqual({ count: 1, postIds: ['p2'], authorIds: [X] });

      // A join and a leave of the same room in quick succession end as the last one says.
      detached.publish(membershipPush('r3', [userRoom('muter')], { join: [hideRoom('block', X)] }));
      one!.sink.publish(membershipPush('r4', [userRoom('muter')], { leave: [hideRoom('block', X)] }));
      await settle();
      detached.publish(news('p3'));
      await settle();
      expect([muterHere.news.length, muterThere.news.length, other.news.length]).toEqual([2, 2, 3]);
    });
  });
