import { takeEarlyCsrf } from './early';

/** What the app reads of an answer (jsdom has no Response). */
const answer = (body: string) => ({ text: () => Promise.resolve(body) }) as Response;

describe('takeEarlyCsrf', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    delete window.dcEarly;
    global.fetch = realFetch;
  });

  it('is undefined where the head sent nothing (development, tests, an old cached page)', () => {
    expect(takeEarlyCsrf()).toBeUndefined();
    window.dcEarly = {};
    expect(takeEarlyCsrf()).toBeUndefined();
  });

  it('answers with the head`s request once, without asking again', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock;
    window.dcEarly = { csrf: Promise.resolve(answer('early')) };
    const early = takeEarlyCsrf();
    await expect(early!('/api/auth/csrf').then((r) => r.text())).resolves.toBe('early');
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken: a later start-up (or a second caller) asks the server itself.
    expect(takeEarlyCsrf()).toBeUndefined();
  });

  it('asks again when the head`s request failed', async () => {
    const fetchMock = jest.fn(() => Promise.resolve(answer('again')));
    global.fetch = fetchMock as unknown as typeof fetch;
    window.dcEarly = { csrf: Promise.reject(new TypeError('offline')) };
    const early = takeEarlyCsrf()!;
    const init = { method: 'GET' };
    await expect(early('/api/auth/csrf', init).then((r) => r.text())).resolves.toBe('again');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/csrf', init);
  });
});
