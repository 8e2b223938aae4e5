import { walkPosts } from './cache';
import { makePost } from './testing';
import type { Post } from './types';

const like = { post: (p: Post) => void (p.likes += 1) };

describe('walkPosts', () => {
  it('patches a single cached post', () => {
    const post = makePost({ id: 'a' });
    walkPosts(post, 'a', like);
    expect(post.likes).toBe(1);
  });

  it('patches every copy inside arrays, infinite query pages and nested objects', () => {
    const cached = {
      pages: [[makePost({ id: 'a' }), makePost({ id: 'b' })], [makePost({ id: 'c' })]],
      pageParams: ['', 'b'],
    };
    const detail = {
      post: makePost({ id: 'c' }),
      comments: [{ id: 'c', content: 'a comment, not a post', createdAt: 'x' }],
    };
    walkPosts(cached, 'c', like);
    walkPosts(detail, 'c', like);
    expect(cached.pages.flat().map((p) => p.likes)).toEqual([0, 0, 1]);
    expect(detail.post.likes).toBe(1);
    // A comment that happens to share the id is not a post and is left alone.
    expect(detail.comments[0]).toEqual({ id: 'c', content: 'a comment, not a post', createdAt: 'x' });
  });

  it('reaches quoted copies through the quote recipe only', () => {
    const quoting = makePost({
      id: 'q',
      quotedPost: {
        id: 'a',
        deleted: false,
        userId: 'u2',
        user: makePost().user,
        content: 'old',
        type: 'text',
        imageUrls: [],
        createdAt: 'x',
      },
    });
    walkPosts([quoting], 'a', { ...like, quote: (quote) => void (quote.content = 'new') });
    expect(quoting.likes).toBe(0);
    expect(quoting.quotedPost?.content).toBe('new');
  });

  it('removes a deleted post from lists and can replace its quoted copies', () => {
    const list = [
      makePost({ id: 'a' }),
      makePost({
        id: 'b',
        quotedPost: {
          id: 'a',
          deleted: false,
          userId: 'u2',
          user: makePost().user,
          content: 'x',
          type: 'text',
          imageUrls: [],
          createdAt: 'x',
        },
      }),
    ];
    walkPosts(list, 'a', { remove: true, quote: () => ({ id: 'a', deleted: true, content: 'This post was deleted' }) });
    expect(list.map((p) => p.id)).toEqual(['b']);
    expect(list[0]?.quotedPost).toEqual({ id: 'a', deleted: true, content: 'This post was deleted' });
  });
});
