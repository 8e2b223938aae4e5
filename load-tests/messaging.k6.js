// Messaging over REST as signed-in members: send to another seeded member, then read the
// conversation list and the conversation. (Socket delivery needs k6's websockets and socket.io's
// protocol; the Node runner does not provide k6/ws, and bench:realtime measures delivery.)
//   k6 run -e BASE_URL=https://staging.example -e MEMBERS=1000 load-tests/messaging.k6.js
import http from 'k6/http';
import { check, group, sleep } from 'k6';

import { assertReady, BASE_URL, latency, memberName, signedIn, signIn, writeParams } from './lib/deenconnect.js';

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

/** Member ids to write to: the next few seeded members after this VU's own. */
let peers = null;

export function setup() {
  const ready = assertReady();
  // Ids of the members VUs write to, looked up once (signing in is the only public way to learn one's id).
  const ids = [];
  for (let n = 0; n < Math.min(ready.members, 10); n++) ids.push(signIn(memberName(n)).userId);
  return { ...ready, ids };
}

export default function (data) {
  const me = signedIn();
  peers = peers || data.ids.filter((id) => id !== me.userId);
  const to = peers[__ITER % peers.length];
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
