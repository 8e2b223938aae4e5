import type { PersonalData, UserEvent } from '@modules/identity/events';
import type { ProfileEvent, ProfileFields } from '@modules/profiles/events';
import type { PostEvent } from '@modules/social/events';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { normaliseText } from '@platform/read-store';

import { defineProjector, type EventsOf, type ProjectionContext } from '../runner';
import {
  type HashtagDoc,
  hashtagDocId,
  hashtagsCollection,
  memberEntryId,
  SEARCH_HASHTAGS,
  SEARCH_MEMBERS,
  SEARCH_POSTS,
  SEARCH_PROJECTOR,
  SEARCH_TEXT,
  type SearchEntryFields,
  type SearchMemberDoc,
  searchMembersCollection,
  type SearchPostDoc,
  searchPostsCollection,
} from './docs';

type Handled =
  | EventsOf<PostEvent, 'PostCreated' | 'PostEdited' | 'PostDeleted'>
  | EventsOf<UserEvent, 'UserRegistered' | 'AccountDeleted'>
  | ProfileEvent;

/** Hashtags are stored folded, the way a typed `#tag` is folded before it is looked up. */
export const foldTag = (tag: string) => normaliseText(tag).replace(/ /g, '');

const posts = (ctx: ProjectionContext) => ctx.collection<SearchPostDoc>(SEARCH_POSTS);
const members = (ctx: ProjectionContext) => ctx.collection<SearchMemberDoc>(SEARCH_MEMBERS);
const hashtags = (ctx: ProjectionContext) => ctx.collection<HashtagDoc>(SEARCH_HASHTAGS);

/** A member's names as search text folds them, so a text folded alike finds them by equality. */
export const memberNames = (m: { username: string; displayName: string }) => [
  ...new Set([normaliseText(m.username), normaliseText(m.displayName)].filter(Boolean)),
];

/** What a member's entry is made of; its folded names are derived from it. */
type MemberFields = Pick<SearchMemberDoc, 'id' | 'username' | 'displayName' | 'bio' | 'joinedAt'>;

async function indexMember(ctx: ProjectionContext, member: MemberFields) {
  const m: SearchMemberDoc = { ...member, names: memberNames(member) };
  await members(ctx).upsert(m);
  const fields: SearchEntryFields = { kind: 'user', at: m.joinedAt };
  await ctx.searchIndex(SEARCH_TEXT.user).upsert(memberEntryId(m.id), {
    text: [m.username, m.displayName, m.bio ?? ''].join(' '),
    fields,
  });
}

async function indexPost(ctx: ProjectionContext, post: SearchPostDoc, text: string, previousTags: string[] = []) {
  const tags = [...new Set(post.hashtags.map(foldTag).filter(Boolean))];
  const gone = previousTags.filter((t) => !tags.includes(t));
  await hashtags(ctx).deleteMany(gone.map((t) => hashtagDocId(t, post.id)));
  await hashtags(ctx).upsertMany(tags.map((tag) => ({ id: hashtagDocId(tag, post.id), tag, postId: post.id })));
  await posts(ctx).upsert({ ...post, hashtags: tags });
  const fields: SearchEntryFields = { kind: post.kind, at: post.createdAt };
  await ctx.searchIndex(SEARCH_TEXT[post.kind]).upsert(post.id, { text, fields });
}

async function unindexPost(ctx: ProjectionContext, postId: string) {
  const post = await posts(ctx).get(postId);
  if (!post) return;
  await hashtags(ctx).deleteMany(post.hashtags.map((t) => hashtagDocId(t, postId)));
  await posts(ctx).delete(postId);
  await ctx.searchIndex(SEARCH_TEXT[post.kind]).remove(postId);
}

/**
 * The search index (spec part 2 §2 Search, §3 Search result): members by username, name and bio;
 * posts by their text; shared AI answers by question and answer; posts by hashtag. It holds no
 * visibility: search reads it for candidates and shows only what the viewer may see now (status,
 * blocks), so a block, an email verification or a moderator's action needs no reindexing.
 */
export function searchProjector(vault: PersonalDataVault) {
  return defineProjector<Handled>({
    name: SEARCH_PROJECTOR,
    // 2: members' folded names (exact-name lookups).
    version: 2,
    collections: [searchPostsCollection, searchMembersCollection, hashtagsCollection],
    searchIndexes: Object.values(SEARCH_TEXT),
    prefetch(events) {
      const ids = events.flatMap((e) => (e.type === 'PostEdited' || e.type === 'PostDeleted' ? [e.data.postId] : []));
      return { [SEARCH_POSTS]: ids };
    },
    on: {
      async UserRegistered(e, ctx) {
        const pd = await vault.open<PersonalData>(e.data.userId, e.data.sealed);
        // A shredded key: the account was deleted later in the log, so nothing of it is searchable.
        if (!pd) return;
        await indexMember(ctx, {
          id: e.data.userId,
          username: e.data.username,
          displayName: pd.displayName,
          bio: null,
          joinedAt: e.data.registeredAt,
        });
      },
      async ProfileUpdated(e, ctx) {
        const member = await members(ctx).get(e.data.userId);
        const changes = member && (await vault.open<Partial<ProfileFields>>(e.data.userId, e.data.sealed));
        if (!member || !changes) return;
        await indexMember(ctx, {
          ...member,
          ...(changes.displayName !== undefined ? { displayName: changes.displayName } : {}),
          ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
        });
      },
      async AccountDeleted(e, ctx) {
        const userId = e.streamId.slice('user-'.length);
        await members(ctx).delete(userId);
        await ctx.searchIndex(SEARCH_TEXT.user).remove(memberEntryId(userId));
        for (;;) {
          const page = await posts(ctx).find({ where: { userId }, limit: 500 });
          if (page.items.length === 0) return;
          for (const post of page.items) await unindexPost(ctx, post.id);
        }
      },
      async PostCreated(e, ctx) {
        const { postId, userId, type, content, hashtags: tags, answer, createdAt } = e.data;
        const text = answer ? `${answer.question} ${answer.answer}` : content;
        const kind = type === 'ai_answer' ? 'answer' : 'post';
        await indexPost(ctx, { id: postId, kind, userId, createdAt, hashtags: tags }, text);
      },
      async PostEdited(e, ctx) {
        const post = await posts(ctx).get(e.data.postId);
        if (!post) return;
        await indexPost(ctx, { ...post, hashtags: e.data.hashtags }, e.data.content, post.hashtags);
      },
      async PostDeleted(e, ctx) {
        await unindexPost(ctx, e.data.postId);
      },
    },
  });
}
