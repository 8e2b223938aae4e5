import { applyAnswerLike, applyAnswerLikeAnswer, applyReaction, applyReactionAnswer } from './reactions';
import { makePost } from './testing';

describe('applyReaction (§4 toggles)', () => {
  it('flips like and both like counts by one', () => {
    const post = makePost({ likes: 2, likeCount: 2 });
    applyReaction(post, 'like', true);
    expect(post).toMatchObject({ isLiked: true, likedByMe: true, likes: 3, likeCount: 3 });
    applyReaction(post, 'like', false);
    expect(post).toMatchObject({ isLiked: false, likedByMe: false, likes: 2, likeCount: 2 });
  });

  it('never goes below 0', () => {
    const post = makePost({ isBookmarked: true, bookmarks: 0 });
    applyReaction(post, 'bookmark', false);
    expect(post).toMatchObject({ isBookmarked: false, bookmarks: 0 });
  });

  it('does not count twice when the post is already in that state', () => {
    const post = makePost({ isReposted: true, reposts: 4 });
    applyReaction(post, 'repost', true);
    expect(post.reposts).toBe(4);
  });

  it('takes the server answer as the final word', () => {
    const post = makePost({ likes: 3, likeCount: 3, isLiked: true });
    applyReactionAnswer(post, { success: true, isLiked: true, likedByMe: true, likes: 7, likeCount: 7 });
    expect(post).toMatchObject({ likes: 7, likeCount: 7, bookmarks: 0 });
  });
});

describe('likes on shared answers (Q&A feed copies of the post)', () => {
  const answer = () => ({
    id: 'a',
    question: 'q',
    answer: 'a',
    likes: 1,
    commentsCount: 0,
    isAnonymous: false,
    user: null,
    createdAt: 'x',
    isLiked: false,
    isOwn: false,
  });

  it('flips the flag and moves the count once, never below 0, then takes the server’s answer', () => {
    const a = answer();
    applyAnswerLike(a, true);
    applyAnswerLike(a, true);
    expect(a).toMatchObject({ isLiked: true, likes: 2 });
    applyAnswerLikeAnswer(a, { success: true, isLiked: true, likes: 9 });
    expect(a).toMatchObject({ isLiked: true, likes: 9 });
    const none = { ...answer(), likes: 0, isLiked: true };
    applyAnswerLike(none, false);
    expect(none).toMatchObject({ isLiked: false, likes: 0 });
  });
});
