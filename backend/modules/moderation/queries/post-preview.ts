import type { ReportTargetPreview } from '@contract';
import type { ReadModels } from '@platform/read-models';
import { type UserDoc, USERS } from '@projections/identity';
import { type PostDoc, POSTS } from '@projections/social';

import { mediaLinks } from '../history/context';

const SNIPPET = 280;
export const GONE: ReportTargetPreview = { text: null, author: null, state: 'gone', image: null };
export const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text);

/** A post as a moderator's card shows it: its opening words, its author, its first picture and whether it shows. */
export async function postPreview(readModels: ReadModels, postId: string): Promise<ReportTargetPreview> {
  const post = await readModels.collection<PostDoc>(POSTS).get(postId);
  if (!post) return GONE;
  const state = post.status === 'hidden' ? 'hidden' : post.status === 'deleted' ? 'deleted' : 'visible';
  const [user, image] = await Promise.all([
    readModels.collection<UserDoc>(USERS).get(post.userId),
    picture(readModels, post),
  ]);
  return { text: snippet(post.content), author: user ? { id: user.id, username: user.username } : null, state, image };
}

/**
 * The post's first picture as the history view shows it (moderation/history/context.ts), with
 * its caption: the captions are kept in the order of the pictures.
 */
async function picture(readModels: ReadModels, post: PostDoc): Promise<ReportTargetPreview['image']> {
  const first = (post.media ?? []).find((m) => m.kind === 'image');
  if (!first) return null;
  const url = (await mediaLinks(readModels, [first.id])).get(first.id)?.thumbnailUrl;
  return url ? { url, alt: post.imageCaptions[0] ?? '' } : null;
}
