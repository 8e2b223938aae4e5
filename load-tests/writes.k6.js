// Mixed writes as signed-in members: post, like (and unlike), comment, follow, each with the CSRF
// header, between feed reads that find what to act on. Writes are what makes the read models work.
//   k6 run -e BASE_URL=https://staging.example -e MEMBERS=1000 load-tests/writes.k6.js
import http from 'k6/http';
import { check, group, sleep } from 'k6';

import { assertReady, BASE_URL, latency, signedIn, writeParams } from './lib/deenconnect.js';

export const options = {
  scenarios: {
    writers: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 10),
      duration: __ENV.DURATION || '30s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:POST /api/posts}': latency(500, 1000),
    // Every request, sign-in included (argon2 by design: about a second, once per VU).
    http_req_duration: latency(500, 1500),
    checks: ['rate>0.99'],
  },
};

export function setup() {
  return assertReady();
}

export default function () {
  const me = signedIn();
  const feed = http.get(`${BASE_URL}/api/feed?limit=20`, { tags: { name: 'GET /api/feed' } });
  if (!check(feed, { 'feed page': (r) => r.status === 200 })) return;
  const others = feed.json().filter((p) => p.userId !== me.userId);
  const target = others[(__VU * 7 + __ITER) % Math.max(1, others.length)];

  group('post', () => {
    const res = http.post(
      `${BASE_URL}/api/posts`,
      JSON.stringify({ content: `Load test post by ${me.username}, iteration ${__ITER} #loadtest` }),
      writeParams(me, 'POST /api/posts'),
    );
    check(res, { 'post created': (r) => r.status === 201 && !!r.json('id') });
  });
  if (!target) return;

  group('like', () => {
    const params = writeParams(me, 'POST /api/posts/:id/like');
    // A like that is already there is unliked first, so each iteration really changes something.
    if (target.isLiked)
      http.del(`${BASE_URL}/api/posts/${target.id}/like`, null, writeParams(me, 'DELETE /api/posts/:id/like'));
    const res = http.post(`${BASE_URL}/api/posts/${target.id}/like`, null, params);
    check(res, { liked: (r) => r.status === 200 });
  });

  group('comment', () => {
    const res = http.post(
      `${BASE_URL}/api/posts/${target.id}/comments`,
      JSON.stringify({ content: `Load test comment ${__VU}/${__ITER}` }),
      writeParams(me, 'POST /api/posts/:id/comments'),
    );
    check(res, { 'comment created': (r) => r.status === 201 || r.status === 200 });
  });

  group('follow', () => {
    const res = http.post(
      `${BASE_URL}/api/users/${target.userId}/follow`,
      null,
      writeParams(me, 'POST /api/users/:id/follow'),
    );
    check(res, { followed: (r) => r.status === 200 || r.status === 201 });
  });
  sleep(Number(__ENV.THINK_SECONDS || 1));
}
