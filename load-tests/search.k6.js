// Search as members type it: single words, pairs, hashtags, usernames and Arabic, popular texts
// asked more often than rare ones; signed in, so results carry the viewer's state.
//   k6 run -e BASE_URL=https://staging.example load-tests/search.k6.js
import http from 'k6/http';
import { check, sleep } from 'k6';

import { assertReady, BASE_URL, latency, memberName, signedIn } from './lib/deenconnect.js';

const WORDS = [
  'patience',
  'gratitude',
  'prayer',
  'mercy',
  'charity',
  'fasting',
  'quran',
  'hadith',
  'family',
  'kindness',
  'knowledge',
  'mosque',
  'community',
  'reminder',
  'sunnah',
  'dua',
  'wisdom',
];
const ARABIC = ['الصبر', 'الشكر', 'الصلاة', 'الرحمة', 'القرآن'];

export const options = {
  scenarios: {
    searchers: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: __ENV.RAMP || '5s', target: Number(__ENV.VUS || 20) },
        { duration: __ENV.HOLD || '30s', target: Number(__ENV.VUS || 20) },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:GET /api/search/results}': latency(200, 500),
    checks: ['rate>0.99'],
  },
};

export function setup() {
  return assertReady();
}

/** Word i about 1/(i+1) as often as the first (Zipf), as in search logs. */
const zipf = (list) => list[Math.min(list.length - 1, Math.floor(list.length ** Math.random()) - 1)];

function query() {
  const r = Math.random();
  if (r < 0.5) return `q=${encodeURIComponent(zipf(WORDS))}`;
  if (r < 0.65) return `q=${encodeURIComponent(`${zipf(WORDS)} ${zipf(WORDS)}`)}`;
  if (r < 0.8) return `hashtag=${encodeURIComponent(zipf(WORDS))}`;
  if (r < 0.9) return `q=${encodeURIComponent(memberName(Math.floor(Math.random() * 1000)))}`;
  return `q=${encodeURIComponent(zipf(ARABIC))}`;
}

export default function () {
  signedIn();
  const res = http.get(`${BASE_URL}/api/search/results?${query()}&limit=20`, {
    tags: { name: 'GET /api/search/results' },
  });
  check(res, { 'search results': (r) => r.status === 200 && Array.isArray(r.json()) });
  sleep(Number(__ENV.THINK_SECONDS || 0.5));
}
