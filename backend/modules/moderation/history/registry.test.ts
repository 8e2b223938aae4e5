import { historyViewOf } from './registry';

describe('history view registry', () => {
  it('picks the view by the stream id prefix', () => {
    for (const kind of [
      'post',
      'comment',
      'profile',
      'user',
      'course',
      'order',
      'donation',
      'conversation',
      'message',
      'community',
    ])
      expect(historyViewOf(`${kind}-0192-abc`)).not.toBeNull();
    expect(historyViewOf('post-1')).toBe(historyViewOf('post-2'));
  });

  it('has none for streams members never saw as such', () => {
    for (const id of [
      'like-p-u',
      'vote-p-u',
      'report-1',
      'cart-u',
      'username-amina',
      'donations-open-x',
      'media-1',
      'communityslug-tajweed',
    ])
      expect(historyViewOf(id)).toBeNull();
  });
});
