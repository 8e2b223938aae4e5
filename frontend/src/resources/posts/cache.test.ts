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

  it('patches shared answers (Q&A feed pages, search results) through the answer recipe, and removes them', () => {
    const answer = {
      id: 'a',
      question: 'Why patience?',
      answer: 'See 2:153.',
      likes: 0,
      commentsCount: 0,
      isAnonymous: true,
      user: null,
      createdAt: 'x',
      isLiked: false,
    };
    const feed = { pages: [{ items: [answer, { ...answer, id: 'b' }], nextCursor: null }], pageParams: [null] };
    const results = [{ ...answer, type: 'ai_answer' }];
    const recipes = { ...like, answer: (a: { likes: number }) => void (a.likes += 1) };
    walkPosts(feed, 'a', recipes);
    walkPosts(results, 'a', recipes);
    expect(feed.pages[0]?.items.map((a) => a.likes)).toEqual([1, 0]);
    expect(results[0]?.likes).toBe(1);
    // Without an answer recipe (a bookmark, say) the answers are left alone.
    walkPosts(feed, 'a', like);
    expect(feed.pages[0]?.items[0]?.likes).toBe(1);
    walkPosts(feed, 'a', { remove: true });
    expect(feed.pages[0]?.items.map((a) => a.id)).toEqual(['b']);
  });
});
