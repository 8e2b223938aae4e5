// k6 run -e BASE_URL=http://localhost:3000 load-tests/health.k6.js
// The smallest end-to-end path (HTTP, routing, the CQRS query bus, a read of each store).
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';

export const options = {
  vus: Number(__ENV.VUS || 50),
  duration: __ENV.DURATION || '30s',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<100'],
  },
};

export default function () {
  const res = http.get(`${BASE_URL}/api/auth/health`);
  check(res, { 'status is 200': (r) => r.status === 200, 'engines reported': (r) => !!r.json('eventStore') });
}
