import { HeadWatch } from './head-watch';
import { Wakeup } from './wakeup';

function watched(heads: (string | Error)[]) {
  const wakeup = new Wakeup();
  let looks = 0;
  let active = true;
  const watch = new HeadWatch({
    head: async () => {
      const next = heads[Math.min(looks++, heads.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    },
    wakeup,
    intervalMs: 5,
    active: () => active,
  });
  return {
    watch,
    wakeup,
    get looks() {
      return looks;
    },
    quiet() {
      active = false;
    },
  };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!done()) throw new Error('never happened');
};

describe('head watch', () => {
  it('wakes subscribers after its first look and whenever the head moved, not while it stays', async () => {
    const w = watched(['a', 'a', 'a', 'b', 'b', 'b', 'b']);
    w.watch.start();
    await until(() => w.looks >= 7);
    w.watch.stop();
    // First look (a), then the move to b: two wake-ups in seven looks.
    expect(w.wakeup.generation).toBe(2);
  });

  it('keeps looking after a failed look, and stops once nobody listens', async () => {
    const w = watched([new Error('connection reset'), 'a']);
    w.watch.start();
    await until(() => w.wakeup.generation === 1);
    w.quiet();
    const looks = w.looks;
    await new Promise((r) => setTimeout(r, 50));
    // At most the look already scheduled when it went quiet.
    expect(w.looks - looks).toBeLessThanOrEqual(1);
    w.watch.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(w.looks - looks).toBeLessThanOrEqual(1);
  });
});
