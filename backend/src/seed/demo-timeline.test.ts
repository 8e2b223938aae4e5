import { DemoTimeline } from './demo-timeline';

describe('the demo timeline', () => {
  it('plays its steps in time order, one at a time, ties in the order they were added', async () => {
    const timeline = new DemoTimeline();
    const now = Date.now();
    const played: string[] = [];
    let running = 0;
    const step = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      played.push(name);
      running--;
    };
    timeline.add(now - 1_000, step('reply'));
    timeline.add(now - 5_000, step('message'));
    timeline.add(now - 1_000, step('like'));
    timeline.add(now - 9_000, step('post'));
    await timeline.play();
    expect(played).toEqual(['post', 'message', 'reply', 'like']);
  });

  it('refuses a step dated in the future or at no time, and stops at a failing step', async () => {
    const timeline = new DemoTimeline();
    expect(() => timeline.add(Date.now() + 60_000, async () => {})).toThrow(/is not in the past/);
    expect(() => timeline.add(Number.NaN, async () => {})).toThrow(/is not in the past/);
    const after = jest.fn();
    timeline.add(Date.now() - 2, () => Promise.reject(new Error('refused')));
    timeline.add(Date.now() - 1, after);
    await expect(timeline.play()).rejects.toThrow('refused');
    expect(after).not.toHaveBeenCalled();
  });
});
