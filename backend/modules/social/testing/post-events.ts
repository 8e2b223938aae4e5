import type { PostCreatedData } from '../events';

/** A plain text post as tests write it (no poll, media, mentions or quote); `post` names it and may set the rest. */
export const textPostCreated = (
  post: Pick<PostCreatedData, 'postId' | 'userId' | 'createdAt'> & Partial<PostCreatedData>,
): PostCreatedData => ({
  type: 'text',
  content: 'Salaam',
  hashtags: [],
  mentions: [],
  poll: null,
  quotedPostId: null,
  imageCaptions: [],
  limited: false,
  ...post,
});
