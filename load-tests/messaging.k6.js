// Messaging over REST as signed-in members: send to another seeded member, then read the
// conversation list and the conversation. (Socket delivery needs k6's websockets and socket.io's
// protocol; the Node runner does not provide k6/ws, and bench:realtime measures delivery.)
//   k6 run -e BASE_URL=https://staging.example -e MEMBERS=1000 load-tests/messaging.k6.js
import http from 'k6/http';
import { check, group, sleep } from 'k6';

import { assertReady, BASE_URL, latency, memberName, MEMBERS, signedIn, writeParams } from './lib/deenconnect.js';

export const options = {
  scenarios: {
    chat: { executor: 'constant-vus', vus: Number(__ENV.VUS || 10), duration: __ENV.DURATION || '30s' },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:POST /api/messages}': latency(300, 800),
    // Every request, sign-in included (argon2 by design: about a second, once per VU).
    http_req_duration: latency(500, 1500),
    checks: ['rate>0.99'],
  },
};

/** Ids of the members this VU writes to, found as the New Message dialog finds them. */
const peers = {};

export function setup() {
  return assertReady();
}

/** The member to write to this iteration: one of the next five seeded members after this VU's own. */
function peerOf(me) {
  const username = memberName(__VU + (__ITER % Math.max(1, Math.min(5, MEMBERS - 1))));
  if (username === me.username) return null;
  if (!peers[username]) {
    const res = http.get(`${BASE_URL}/api/users/search?q=${username}`, { tags: { name: 'GET /api/users/search' } });
    const found = res.status === 200 ? res.json('users').find((u) => u.username === username) : undefined;
    if (!check(res, { 'member found': () => !!found })) return null;
    peers[username] = found.id;
  }
  return peers[username];
}

export default function () {
  const me = signedIn();
  const to = peerOf(me);
  if (!to) return;
  let conversationId = null;
  group('send', () => {
    const res = http.post(
      `${BASE_URL}/api/messages`,
      JSON.stringify({ receiverId: to, content: `Salaam from ${me.username} (${__ITER})`, messageType: 'text' }),
      writeParams(me, 'POST /api/messages'),
    );
    check(res, { 'message sent': (r) => (r.status === 200 || r.status === 201) && !!r.json('id') });
    if (res.status < 300) conversationId = res.json('conversationId');
  });
  group('read', () => {
    const list = http.get(`${BASE_URL}/api/conversations`, { tags: { name: 'GET /api/conversations' } });
    check(list, { conversations: (r) => r.status === 200 });
    if (!conversationId) return;
    const messages = http.get(`${BASE_URL}/api/conversations/${conversationId}/messages`, {
      tags: { name: 'GET /api/conversations/:id/messages' },
    });
    check(messages, { messages: (r) => r.status === 200 });
  });
  // 30 sends per 10 s is a member's limit (messaging/limits.ts); one a second stays well inside it.
  sleep(Number(__ENV.THINK_SECONDS || 1));
}
