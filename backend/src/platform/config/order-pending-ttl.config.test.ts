import { loadConfig } from './config';

describe('ORDER_PENDING_TTL', () => {
  it('defaults to 30 minutes and reads a number with its unit', () => {
    expect(loadConfig({}).orders.pendingTtlMs).toBe(30 * 60_000);
    expect(loadConfig({ ORDER_PENDING_TTL: '90s' }).orders.pendingTtlMs).toBe(90_000);
    expect(loadConfig({ ORDER_PENDING_TTL: '2h' }).orders.pendingTtlMs).toBe(2 * 3_600_000);
    expect(loadConfig({ ORDER_PENDING_TTL: '60000ms' }).orders.pendingTtlMs).toBe(60_000);
  });

  it.each(['30', '30 min', '-5m', '1.5h', '59s', '25h'])('refuses %p, naming the variable', (value) => {
    expect(() => loadConfig({ ORDER_PENDING_TTL: value })).toThrow(/ORDER_PENDING_TTL/);
  });
});
