import type { SearchHit } from '@platform/read-store/read-store.port';

import { rank, weigh } from './ranking';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();
const hit = (id: string, kind: string, score: number, at = daysAgo(0)): SearchHit => ({
  id,
  score,
  fields: { kind, at },
});

describe('search ranking', () => {
  it('halves a post’s weight every 30 days but never ages a member', () => {
    expect(weigh(hit('p', 'post', 1, daysAgo(30)), NOW)).toBeCloseTo(0.5);
    expect(weigh(hit('p', 'post', 1, daysAgo(60)), NOW)).toBeCloseTo(0.25);
    expect(weigh(hit('u', 'user', 1, daysAgo(900)), NOW)).toBe(1);
  });

  it('puts exact name matches first, then relevance combined with recency', () => {
    const hits = [
      hit('old-strong', 'post', 4, daysAgo(90)),
      hit('new-weaker', 'post', 1, daysAgo(0)),
      hit('exact', 'user', 0.1),
      hit('partial', 'user', 0.9),
    ];
    const order = rank(hits, (h) => h.id === 'exact', NOW).map((h) => h.id);
    expect(order).toEqual(['exact', 'new-weaker', 'partial', 'old-strong']);
  });
});
