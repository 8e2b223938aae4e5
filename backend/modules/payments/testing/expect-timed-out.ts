/**
 * A call to a provider that hangs or stalls (a transport fault) fails as PROVIDER_UNAVAILABLE, 503,
 * once the adapter's `timeoutMs` has run out: not before it, and not long after.
 */
export async function expectTimedOut(call: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  await expect(call()).rejects.toMatchObject({
    code: 'PROVIDER_UNAVAILABLE',
    httpStatus: 503,
    detail: expect.stringMatching(/timeout/),
  });
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(timeoutMs - 50);
  expect(took).toBeLessThan(timeoutMs + 1500);
}
