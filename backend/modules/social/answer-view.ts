import type { AiAnswerView } from '@contract';

import type { PostView } from './post-view';

/** A shared answer as the Q&A feed and search show it (spec part 2 §3 ai_answer). */
export function toAnswerView(post: PostView): AiAnswerView {
  return {
    id: post.id,
    question: post.aiQuestion ?? post.content,
    answer: post.aiAnswer ?? '',
    likes: post.likes,
    commentsCount: post.commentsCount,
    isAnonymous: post.isAnonymous,
    user: post.isAnonymous
      ? null
      : { name: post.user.name, username: post.user.username, profileImage: post.user.profileImage },
    createdAt: post.createdAt,
    isLiked: post.isLiked,
    isOwn: post.isOwn,
  };
}
