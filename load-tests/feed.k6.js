// Feed browsing as signed-in members: the home feed (all, following) paged with cursors, a post's
// detail and comments, a profile, and the seed's private community's feed (COMMUNITY, every seed
// member is in it: each page checks membership); viewer state (isLiked, bookmarks) comes with every page.
//   k6 run -e BASE_URL=https://staging.example -e MEMBERS=1000 load-tests/feed.k6.js
//   npm run load -- load-tests/feed.k6.js --base-url http://127.0.0.1:3000 --vus 20 --duration 30s
import http from 'k6/http';
import { check, group, sleep } from 'k6';

import { assertReady, BASE_URL, latency, signedIn } from './lib/deenconnect.js';

const PAGES = Number(__ENV.PAGES || 3);
const THINK = Number(__ENV.THINK_SECONDS || 0.5);
const COMMUNITY = __ENV.COMMUNITY || 'load-circle';

export const options = {
  scenarios: {
    browse: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: __ENV.RAMP || '10s', target: Number(__ENV.VUS || 20) },
        { duration: __ENV.HOLD || '40s', target: Number(__ENV.VUS || 20) },
        { duration: '5s', target: 0 },
      ],
      gracefulRampDown: '5s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:GET /api/feed}': latency(200, 500),
    'http_req_duration{name:GET /api/communities/:slug/posts}': latency(200, 500),
    // Every request, sign-in included (argon2 by design: about a second, once per VU).
    http_req_duration: latency(500, 1500),
    checks: ['rate>0.99'],
  },
};

export function setup() {
  return assertReady();
}

const isPage = (r) => r.status === 200 && Array.isArray(r.json());
const hasViewerState = (r) => r.json().every((p) => typeof p.isLiked === 'boolean' && typeof p.likeCount === 'number');

export default function () {
  signedIn();
  const filter = __ITER % 2 === 0 ? 'all' : 'following';
  let posts = [];
  group('home feed', () => {
    let cursor = '';
    for (let page = 0; page < PAGES; page++) {
      const res = http.get(`${BASE_URL}/api/feed?filter=${filter}&limit=20${cursor ? `&cursor=${cursor}` : ''}`, {
        tags: { name: 'GET /api/feed' },
      });
      const ok = check(res, { 'feed page': isPage, 'viewer state on every post': hasViewerState });
      if (!ok) return;
      const page_ = res.json();
      posts = posts.concat(page_);
      if (page_.length < 20) return;
      cursor = page_[page_.length - 1].id;
      sleep(THINK / 2);
    }
  });
  if (posts.length === 0) return;
  const post = posts[(__VU + __ITER) % posts.length];
  group('post', () => {
    const detail = http.get(`${BASE_URL}/api/posts/${post.id}`, { tags: { name: 'GET /api/posts/:id' } });
    check(detail, { 'post detail': (r) => r.status === 200 && r.json('id') === post.id });
    const comments = http.get(`${BASE_URL}/api/posts/${post.id}/comments?limit=20`, {
      tags: { name: 'GET /api/posts/:id/comments' },
    });
    check(comments, { comments: (r) => r.status === 200 });
  });
  group('community feed', () => {
    let cursor = '';
    for (let page = 0; page < PAGES; page++) {
      const res = http.get(
        `${BASE_URL}/api/communities/${COMMUNITY}/posts?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        { tags: { name: 'GET /api/communities/:slug/posts' } },
      );
      const ok = check(res, {
        'community page': (r) => r.status === 200 && Array.isArray(r.json('posts')),
        'every post of the community': (r) =>
          r.json('posts').every((p) => p.community && p.community.slug === COMMUNITY),
      });
      if (!ok || !res.json('nextCursor')) return;
      cursor = res.json('nextCursor');
      sleep(THINK / 2);
    }
  });
  group('profile', () => {
    const res = http.get(`${BASE_URL}/api/profile/${post.user.username}/posts?limit=20`, {
      tags: { name: 'GET /api/profile/:username/posts' },
    });
    check(res, { 'profile posts': isPage });
  });
  sleep(THINK);
}
