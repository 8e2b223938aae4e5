import type { LogRead } from './polling-subscription';
import { SharedReads } from './shared-reads';

describe('SharedReads', () => {
  let clock = 0;
  const reads = () => new SharedReads(() => clock);
  const load = () => jest.fn(async (): Promise<LogRead> => ({ events: [], heldBack: false }));

  beforeEach(() => {
    clock = 1000;
  });

  it('answers the same question asked after the same wake-up with one read', async () => {
    const shared = reads();
    const first = load();
    const second = load();
    const [a, b] = await Promise.all([shared.read(1, 'cp', 500, first), shared.read(1, 'cp', 500, second)]);
    expect(a).toBe(b);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('reads again after a new wake-up, for another checkpoint, or once the answer is old', async () => {
    const shared = reads();
    const loads = [load(), load(), load(), load()];
    await shared.read(1, 'cp', 500, loads[0]!);
    await shared.read(2, 'cp', 500, loads[1]!);
    await shared.read(2, 'other', 500, loads[2]!);
    clock += 26;
    await shared.read(2, 'cp', 500, loads[3]!);
    for (const l of loads) expect(l).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read', async () => {
    const shared = reads();
    const failing = jest.fn(async (): Promise<LogRead> => {
      throw new Error('connection reset');
    });
    await expect(shared.read(1, 'cp', 500, failing)).rejects.toThrow('connection reset');
    const retry = load();
    await shared.read(1, 'cp', 500, retry);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
