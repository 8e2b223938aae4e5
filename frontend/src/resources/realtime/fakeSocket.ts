/**
 * A stand-in for a socket.io-client Socket, for tests that `jest.mock('socket.io-client')`:
 * records what the app emits and lets a test play the server (connect, drop, push).
 */
export class FakeSocket {
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  disconnected = false;
  /** Answers for emitWithAck, by event name. */
  readonly acks = new Map<string, (payload: unknown) => unknown>();
  private readonly listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  private anyListeners: Array<(event: string, ...args: unknown[]) => void> = [];

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListeners.push(listener);
    return this;
  }

  offAny() {
    this.anyListeners = [];
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(event: string, payload?: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }

  timeout() {
    return {
      emitWithAck: async (event: string, payload?: unknown) => {
        this.emitted.push({ event, payload });
        const answer = this.acks.get(event);
        if (!answer) throw new Error('operation has timed out');
        return answer(payload);
      },
    };
  }

  disconnect() {
    this.disconnected = true;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  // --- the server's side ---
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  serverConnects() {
    this.fire('connect');
  }

  serverDrops() {
    this.fire('disconnect', 'transport close');
  }

  push(event: string, payload: unknown) {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}
