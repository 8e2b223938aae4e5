import { sleep, withTimeout } from './sleep';

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

describe('withTimeout', () => {
  it('passes an answer in time through, and refuses a late one with its message', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 1000)).resolves.toBe('ok');
    await expect(withTimeout(Promise.reject(new Error('broken')), 1000)).rejects.toThrow('broken');
    await expect(withTimeout(new Promise(() => undefined), 20)).rejects.toThrow('no answer in 20 ms');
    await expect(withTimeout(new Promise(() => undefined), 20, 'the jobs did not finish')).rejects.toThrow(
      'the jobs did not finish',
    );
  });
});
