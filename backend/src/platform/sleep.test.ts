import { sleep } from './sleep';

describe('sleep', () => {
  it('waits the time out without a signal', async () => {
    const start = performance.now();
    await sleep(30);
    expect(performance.now() - start).toBeGreaterThanOrEqual(25);
  });

  it('ends at once when its signal aborts, or was aborted already', async () => {
    const stopping = new AbortController();
    const start = performance.now();
    const slept = sleep(60_000, stopping.signal);
    stopping.abort();
    await slept;
    await sleep(60_000, stopping.signal);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
