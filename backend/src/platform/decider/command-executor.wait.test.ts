import { loadConfig } from '../config';
import { MemoryEventStore } from '../event-store/memory.event-store';
import { createLogger } from '../logging';
import type { ProjectionProgress } from '../read-models';
import { CommandExecutor } from './command-executor';
import type { Decider } from './decider';

type Posted = { type: 'Posted'; data: { text: string } };
const post: Decider<{ posts: number }, { text: string }, Posted> = {
  initialState: () => ({ posts: 0 }),
  evolve: (s) => ({ posts: s.posts + 1 }),
  decide: (_s, c) => [{ type: 'Posted', data: { text: c.text } }],
};

/** Which read models each command waited for (every projector handling Posted: social and search). */
function executor() {
  const waited: string[][] = [];
  const progress: ProjectionProgress = {
    affectedBy: (types) => (types.includes('Posted') ? ['social', 'search'] : []),
    waitFor: async (_checkpoint, names) => (waited.push([...names]), true),
  };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return { commands: new CommandExecutor(new MemoryEventStore(), progress, config, createLogger('silent')), waited };
}

describe('CommandExecutor: what a command waits for', () => {
  it('waits for every read model its events change when the caller names none', async () => {
    const { commands, waited } = executor();
    await commands.execute('post-1', post, { text: 'a' }, { actor: 'u1' });
    expect(waited).toEqual([['social', 'search']]);
  });

  it('waits for those the caller names as well, and for none when told so', async () => {
    const { commands, waited } = executor();
    await commands.execute('post-2', post, { text: 'b' }, { actor: 'u1' }, { waitFor: ['media'] });
    await commands.execute('post-3', post, { text: 'c' }, { actor: 'u1' }, { waitFor: 'none' });
    expect(waited).toEqual([['media', 'social', 'search']]);
  });

  it('waits for only what the caller reads next when it says so, with what it names besides', async () => {
    const { commands, waited } = executor();
    await commands.execute('post-4', post, { text: 'd' }, { actor: 'u1' }, { readsNext: ['social'] });
    await commands.execute('post-5', post, { text: 'e' }, { actor: 'u1' }, { readsNext: [], waitFor: ['media'] });
    expect(waited).toEqual([['social'], ['media']]);
  });
});
