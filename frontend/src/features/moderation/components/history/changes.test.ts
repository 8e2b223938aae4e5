import { changesAt, changesBeyond, valueBefore } from './changes';

const CHANGES = [
  { path: 'content', before: 'old', after: 'new' },
  { path: 'poll.options.1.votes', before: 1, after: 2 },
  { path: 'visibility.status', before: 'edited', after: 'hidden' },
  { path: 'visibility.by', before: null, after: 'mod1' },
];

describe('changes', () => {
  it('finds the changes at a field or inside it, by paths relative to it', () => {
    expect(changesAt(CHANGES, 'poll')).toEqual([{ path: 'options.1.votes', before: 1, after: 2 }]);
    expect(changesAt(CHANGES, 'content')).toEqual([{ path: '', before: 'old', after: 'new' }]);
    // A field whose name starts another's is not inside it.
    expect(changesAt([{ path: 'mediaId', before: null, after: 'm1' }], 'media')).toEqual([]);
  });

  it('lists the changes no shown field covers', () => {
    expect(changesBeyond(CHANGES, ['content', 'poll'])).toEqual(CHANGES.slice(2));
  });

  it('rebuilds a field as it was, leaving out what was absent then', () => {
    const now = { status: 'hidden', by: 'mod1', editedAt: 'T1' };
    expect(valueBefore(now, changesAt(CHANGES, 'visibility'))).toEqual({ status: 'edited', editedAt: 'T1' });
    expect(valueBefore('new', changesAt(CHANGES, 'content'))).toBe('old');
    expect(now.status).toBe('hidden');
  });
});
