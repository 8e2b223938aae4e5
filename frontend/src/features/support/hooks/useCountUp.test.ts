import { countUpValue } from './useCountUp';

describe('countUpValue', () => {
  it('starts where it stood, eases out, and lands on the target at the end', () => {
    expect(countUpValue(0, 1000, 0, 2000)).toBe(0);
    const half = countUpValue(0, 1000, 1000, 2000);
    expect(half).toBeGreaterThan(500);
    expect(half).toBeLessThan(1000);
    expect(countUpValue(0, 1000, 2000, 2000)).toBe(1000);
    expect(countUpValue(0, 1000, 5000, 2000)).toBe(1000);
    expect(countUpValue(400, 1000, 0, 2000)).toBe(400);
  });
});
