import type { NewEvent } from '@platform/event-store/event-store.port';
import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { inStream, projectionSpec, projectorDeps, type SpecStores } from '../runner/testing/projection-spec';
import {
  type HashtagDoc,
  SEARCH_HASHTAGS,
  SEARCH_MEMBERS,
  SEARCH_POSTS,
  type SearchMemberDoc,
  type SearchPostDoc,
} from './docs';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const P = '0190d7c4-0000-7000-8000-0000000000f1';
const Q = '0190d7c4-0000-7000-8000-0000000000f2';
const AT = '2026-01-01T00:00:00.000Z';

const search = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'search')!;
const spec = () => projectionSpec(search, projectorDeps);
type Setup = { deps: Awaited<ReturnType<typeof projectorDeps>> } & SpecStores;

const registered = async ({ deps: { vault } }: Setup) => {
  await vault.createKey(A);
  const sealed = await vault.seal(A, { email: 'a@example.test', displayName: 'Amina', name: 'a', passwordHash: 'x' });
  return inStream(`user-${A}`, {
    type: 'UserRegistered',
    data: { userId: A, username: 'amina', role: 'member', sealed, registeredAt: AT },
  });
};
const bio =
  (text: string) =>
  async ({ deps: { vault } }: Setup) =>
    inStream(`profile-${A}`, {
      type: 'ProfileUpdated',
      data: { userId: A, fields: ['bio'], sealed: await vault.seal(A, { bio: text }), updatedAt: AT },
    });
const created = (postId: string, hashtags: string[], answer?: { question: string; answer: string }): NewEvent => ({
  type: 'PostCreated',
  data: {
    postId,
    userId: A,
    type: answer ? 'ai_answer' : 'text',
    content: answer?.question ?? 'text',
    hashtags,
    mentions: [],
    poll: null,
    quotedPostId: null,
    imageCaptions: [],
    media: [],
    limited: false,
    createdAt: AT,
    ...(answer ? { answer: { ...answer, anonymous: true } } : {}),
  },
});
const post = (postId: string, ...events: NewEvent[]) => inStream(`post-${postId}`, ...events);
const tagsOf = (docs: HashtagDoc[]) => docs.map((d) => d.id).sort();

describe('search projector', () => {
  it('keeps a member with their name and bio as it changes', async () => {
    await spec()
      .given(registered)
      .given(bio('Student of hadith'))
      .then<SearchMemberDoc>(SEARCH_MEMBERS, A, {
        username: 'amina',
        displayName: 'Amina',
        bio: 'Student of hadith',
        // Folded as search text, for exact-name lookups: the two names fold alike here.
        names: ['amina'],
      });
  });

  it('files posts under their folded hashtags and moves them when the post is edited', async () => {
    const given = spec()
      .given(registered)
      .given(post(P, created(P, ['Sabr', 'الصَّبْر'])))
      .given(post(Q, created(Q, [], { question: 'Why pray?', answer: 'See 2:45' })));
    await given.then<SearchPostDoc>(SEARCH_POSTS, P, { kind: 'post', userId: A, hashtags: ['sabr', 'الصبر'] });
    await given.then<SearchPostDoc>(SEARCH_POSTS, Q, { kind: 'answer', hashtags: [] });
    await given.thenCollection<HashtagDoc>(SEARCH_HASHTAGS, (docs) =>
      expect(tagsOf(docs)).toEqual([`sabr:${P}`, `الصبر:${P}`]),
    );
    const edited = given.given(
      post(P, {
        type: 'PostEdited',
        data: { postId: P, content: 'now #shukr', hashtags: ['shukr'], mentions: [], editedAt: AT },
      }),
    );
    await edited.thenCollection<HashtagDoc>(SEARCH_HASHTAGS, (docs) => expect(tagsOf(docs)).toEqual([`shukr:${P}`]));
  });

  it('forgets deleted posts and everything of a deleted account', async () => {
    const given = spec()
      .given(registered)
      .given(post(P, created(P, ['sabr'])))
      .given(post(Q, created(Q, ['shukr'])));
    const deleted = given.given(post(P, { type: 'PostDeleted', data: { postId: P, deletedBy: A, deletedAt: AT } }));
    await deleted.thenNotFound(SEARCH_POSTS, P);
    await deleted.thenCollection<HashtagDoc>(SEARCH_HASHTAGS, (docs) => expect(tagsOf(docs)).toEqual([`shukr:${Q}`]));
    const gone = deleted.given(inStream(`user-${A}`, { type: 'AccountDeleted', data: { deletedAt: AT } }));
    await gone.thenNotFound(SEARCH_MEMBERS, A);
    await gone.thenCollection(SEARCH_POSTS, (docs) => expect(docs).toEqual([]));
    await gone.thenCollection(SEARCH_HASHTAGS, (docs) => expect(docs).toEqual([]));
  });
});
