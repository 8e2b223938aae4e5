import { diffViews } from './diff';

describe('diff of two views', () => {
  it('lists changed leaves by dotted path, list items by index, absent sides as null', () => {
    const before = {
      content: 'Old',
      poll: {
        options: [
          { text: 'A', votes: 1 },
          { text: 'B', votes: 0 },
        ],
      },
      visibility: { status: 'live' },
      media: [],
    };
    const after = {
      content: 'New',
      poll: {
        options: [
          { text: 'A', votes: 1 },
          { text: 'B', votes: 2 },
        ],
      },
      visibility: { status: 'hidden', by: 'mod' },
      media: [{ id: 'm1' }],
    };
    expect(diffViews(before, after)).toEqual([
      { path: 'content', before: 'Old', after: 'New' },
      { path: 'media', before: [], after: null },
      { path: 'media.0.id', before: null, after: 'm1' },
      { path: 'poll.options.1.votes', before: 0, after: 2 },
      { path: 'visibility.by', before: null, after: 'mod' },
      { path: 'visibility.status', before: 'live', after: 'hidden' },
    ]);
  });

  it('finds nothing between equal views', () => {
    expect(diffViews({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
  });
});
