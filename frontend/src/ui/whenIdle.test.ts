import { idle, whenIdle } from './whenIdle';

describe('whenIdle', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('waits for the browser`s idle callback, with the timeout given, and can be cancelled', () => {
    const callbacks: Array<() => void> = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) =>
      callbacks.push(() => callback({} as IdleDeadline)),
    );
    window.cancelIdleCallback = jest.fn();
    const run = jest.fn();
    const cancel = whenIdle(run, { timeout: 2_000, fallback: 0 });
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
    expect(run).not.toHaveBeenCalled();
    callbacks[0]!();
    expect(run).toHaveBeenCalledTimes(1);
    cancel();
    expect(window.cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it('runs after the fallback where the browser cannot say when it is idle', () => {
    jest.useFakeTimers();
    const run = jest.fn();
    whenIdle(run, { timeout: 4_000, fallback: 1_500 });
    jest.advanceTimersByTime(1_499);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = jest.fn();
    whenIdle(cancelled, { timeout: 4_000, fallback: 1_500 })();
    jest.advanceTimersByTime(2_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('settles at once without a timer when there is no idle callback and no fallback delay', async () => {
    jest.useFakeTimers();
    await expect(idle({ timeout: 2_000, fallback: 0 })).resolves.toBeUndefined();
  });
});
