import type { ApiError } from '@/app/baseQuery';

import { likeRetryDelay, withLikeRetry } from './likeRetry';

const fail = (status: ApiError['status']) => ({ error: { status, message: `${status}` } as ApiError });

describe('like retry (§4)', () => {
  it('doubles the delay from 1 s and caps it at 3 s', () => {
    expect([1, 2, 3, 4].map(likeRetryDelay)).toEqual([1000, 2000, 3000, 3000]);
  });

  it('retries a failing like twice, then gives up', async () => {
    const call = jest.fn(async () => fail(500));
    const sleep = jest.fn(async () => undefined);
    const outcome = await withLikeRetry(call, sleep);
    expect(call).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
    expect(outcome.error?.status).toBe(500);
  });

  it('stops as soon as a retry succeeds', async () => {
    const call = jest
      .fn<Promise<{ data: string } | ReturnType<typeof fail>>, []>()
      .mockResolvedValueOnce(fail('FETCH_ERROR'))
      .mockResolvedValueOnce({ data: 'ok' });
    const outcome = await withLikeRetry(call, async () => undefined);
    expect(call).toHaveBeenCalledTimes(2);
    expect(outcome.data).toBe('ok');
  });

  it.each([404, 401])('does not retry a %s', async (status) => {
    const call = jest.fn(async () => fail(status));
    await withLikeRetry(call, async () => undefined);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
