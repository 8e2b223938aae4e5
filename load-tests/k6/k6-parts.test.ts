import { CookieJar } from './cookie-jar';
import { MetricStore } from './metrics';
import { parseDuration, planScenarios, targetVUs } from './options';
import { evaluate, parseThresholds } from './thresholds';

describe('k6 runner parts', () => {
  it('reads k6 durations and rejects what is not one', () => {
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration(250)).toBe(250);
    expect(() => parseDuration('30 seconds')).toThrow('is not a duration');
  });

  it('derives scenarios as k6 does and ramps VUs linearly without overshooting', () => {
    expect(planScenarios({ vus: 5, duration: '10s' })).toMatchObject([
      { executor: 'constant-vus', maxVUs: 5, durationMs: 10_000 },
    ]);
    const [ramp] = planScenarios({
      stages: [
        { duration: '10s', target: 10 },
        { duration: '10s', target: 0 },
      ],
    });
    expect(ramp).toMatchObject({ executor: 'ramping-vus', startVUs: 1, maxVUs: 10 });
    expect([0, 5_000, 9_999, 10_000, 15_000, 19_999, 20_000].map((t) => targetVUs(ramp!, t))).toEqual([
      1, 5, 9, 10, 5, 1, 0,
    ]);
    expect(planScenarios({ stages: [{ duration: '1s', target: 1 }] }, { vus: 3, duration: '2s' })).toMatchObject([
      { executor: 'constant-vus', maxVUs: 3, durationMs: 2000 },
    ]);
    expect(() => planScenarios({ scenarios: { a: { executor: 'constant-arrival-rate' } } })).toThrow('not supported');
  });

  it('evaluates thresholds on metrics and tagged sub-metrics', () => {
    const store = new MetricStore();
    for (let i = 1; i <= 100; i++)
      store.add([{ metric: 'http_req_duration', type: 'trend', value: i, tags: { name: i > 50 ? 'slow' : 'fast' } }]);
    const [p95, slow] = parseThresholds({
      http_req_duration: ['p(95)<96'],
      'http_req_duration{name:slow}': ['avg<=75.5'],
    });
    expect(evaluate(p95!, store.stats(p95!.selector, 1, ['p(95)']))).toMatchObject({ ok: true, actual: 95.05 });
    expect(evaluate(slow!, store.stats(slow!.selector, 1))).toMatchObject({ ok: true, actual: 75.5 });
    expect(() => parseThresholds({ checks: ['rate is high'] })).toThrow('is not "<aggregation> <op> <number>"');
  });

  it('keeps cookies by domain and path, and drops expired ones', () => {
    const jar = new CookieJar();
    jar.storeFromResponse('http://app.test/api/auth/login', [
      'dc.sid=abc; Path=/; HttpOnly',
      'scoped=1; Path=/api/posts',
      'gone=1; Max-Age=0',
      'evil=1; Domain=other.test',
    ]);
    expect(jar.header('http://app.test/api/posts/1')).toBe('scoped=1; dc.sid=abc');
    expect(jar.header('http://app.test/')).toBe('dc.sid=abc');
    expect(jar.header('http://sub.app.test/')).toBe('');
    jar.storeFromResponse('http://app.test/', ['dc.sid=; Max-Age=0; Path=/']);
    expect(jar.cookiesForURL('http://app.test/')).toEqual({});
  });
});
