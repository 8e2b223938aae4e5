import { createHash } from 'node:crypto';

import type { Runtime } from '../runtime';
import { type Cast, createPost, expectSent } from './cast';
import { conversationBetween, sendMessage } from './chat';
import { eventually } from './eventually';
import { type Member, registerMember } from './members';

/** A course body as the editor sends it: one section of one free-preview text lesson. */
export const COURSE_BODY = {
  title: 'Tajweed for beginners',
  description: 'The rules of recitation, from the points of articulation to the rules of noon sakinah.',
  category: 'Quran',
  level: 'beginner',
  price: '0',
  whatYouWillLearn: ['Pronounce every letter from its place'],
  sections: [
    {
      title: 'The letters',
      lessons: [
        {
          title: 'Where letters come from',
          durationSec: 300,
          freePreview: true,
          content: { kind: 'text', text: 'There are five places of articulation.' },
        },
      ],
    },
  ],
};

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An upload the member started (one chunk of a 1x1 PNG, not finalised). */
export async function startUpload(m: Member): Promise<string> {
  const body = await expectSent(
    m,
    'post',
    '/api/uploads/init',
    {
      filename: 'dot.png',
      fileSize: PNG_1x1.length,
      fileType: 'image/png',
      totalChunks: 1,
      checksum: createHash('sha256').update(PNG_1x1).digest('hex'),
    },
    201,
  );
  return String(body.uploadId ?? body.id);
}

export async function freshPost(owner: Member): Promise<string> {
  return (await createPost(owner, { content: `Salaam ${Math.random().toString(36).slice(2)}` })).id;
}

export async function freshComment(owner: Member, postId: string): Promise<string> {
  const body = await expectSent(owner, 'post', `/api/posts/${postId}/comments`, { content: 'Ameen' }, 201);
  return String((body.comment as { id?: string } | undefined)?.id ?? body.id);
}

/** A post of the owner's that a moderator hid. */
export async function hiddenPost(owner: Member, moderator: Member): Promise<string> {
  const id = await freshPost(owner);
  await expectSent(moderator, 'post', `/api/admin/posts/${id}/hide`, { reason: 'Spam ring' }, 200);
  return id;
}

/** A post of the owner's that a moderator hid and the owner appealed. */
export async function appealedPost(owner: Member, moderator: Member): Promise<string> {
  const id = await hiddenPost(owner, moderator);
  await expectSent(owner, 'post', `/api/posts/${id}/appeal`, { text: 'Please look again' }, 201);
  return id;
}

/** A member a moderator suspended for a week. */
export async function suspendedMember(rt: Runtime, moderator: Member): Promise<string> {
  const m = await registerMember(rt);
  await expectSent(moderator, 'post', `/api/admin/users/${m.id}/suspend`, suspension(), 200);
  return m.id;
}

export const suspension = () => ({
  reason: 'Breaks the community guidelines',
  until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

/** A post of the owner's that the peer reported. */
export async function reportedPost(owner: Member, peer: Member): Promise<string> {
  const id = await freshPost(owner);
  await expectSent(peer, 'post', `/api/posts/${id}/report`, { reason: 'Spam' }, 201);
  return id;
}

/** A member whose teacher application waits for a moderator. */
export async function applicant(rt: Runtime): Promise<string> {
  const m = await registerMember(rt);
  await expectSent(m, 'post', '/api/vendor/register', TEACHER_APPLICATION, 201);
  return m.id;
}

export const TEACHER_APPLICATION = {
  bio: 'Ijazah in Hafs, teaching since 2010',
  topics: ['Quran'],
  priceRange: '$0 - $25',
};

/** A notification of the owner's: the peer liked a new post of theirs. */
export async function freshNotification(owner: Member, peer: Member): Promise<string> {
  const post = await freshPost(owner);
  await expectSent(peer, 'post', `/api/posts/${post}/like`, undefined, 200);
  // The notifications projector follows the log in the background: a busy machine may lag it.
  const notes = await eventually(
    async () =>
      (await expectSent(owner, 'get', '/api/notifications', undefined, 200)).notifications as { id: string }[],
    (list) => list.some((n) => JSON.stringify(n).includes(post)),
    `a notification of the like of ${post}`,
  );
  return notes.find((n) => JSON.stringify(n).includes(post))!.id;
}

export async function freshDraft(owner: Member): Promise<string> {
  const body = await expectSent(owner, 'post', '/api/posts/video/drafts', { caption: 'A draft' }, 201);
  return String((body.draft as { id?: string } | undefined)?.id ?? body.id);
}

/** The resources of the owner that the authorisation matrix points its routes at. */
export async function ownedResources(rt: Runtime, cast: Cast) {
  const owner = cast.visitors.owner.member!;
  const admin = cast.visitors.admin.member!;
  const moderator = cast.visitors.moderator.member!;
  const peer = cast.peer;
  // Three independent groups at once: social, learning, support.
  const [social, learning, support] = await Promise.all([
    (async () => {
      const post = await freshPost(owner);
      const pollPost = (
        await createPost(owner, { content: 'Which book first?', type: 'poll', pollOptions: ['Riyad', 'Bulugh'] })
      ).id;
      const comment = await freshComment(owner, post);
      const conversation = await conversationBetween(owner, peer);
      // A message the owner received: theirs to star or report.
      const sent = await sendMessage(peer, { conversationId: conversation, content: 'Salaam alaikum' });
      if (sent.status !== 201) throw new Error(`POST /api/messages answered ${sent.status}`);
      const message = String(sent.body.id ?? sent.body.message?.id);
      const draft = await freshDraft(owner);
      const upload = await startUpload(owner);
      const notification = await freshNotification(owner, peer);
      return { post, pollPost, comment, conversation, message, draft, upload, notification };
    })(),
    (async () => {
      const created = await expectSent(owner, 'post', '/api/courses', COURSE_BODY, 201);
      const course = String(created.id);
      await expectSent(owner, 'post', `/api/courses/${course}/publish`, undefined, 200);
      const detail = await expectSent(owner, 'get', `/api/courses/${course}`, undefined, 200);
      const lesson = String((detail.sections as { lessons: { id: string }[] }[])[0]!.lessons[0]!.id);
      const draftCourse = String((await expectSent(owner, 'post', '/api/courses', COURSE_BODY, 201)).id);
      const paid = String((await expectSent(owner, 'post', '/api/courses', { ...COURSE_BODY, price: '1500' }, 201)).id);
      await expectSent(owner, 'post', `/api/courses/${paid}/publish`, undefined, 200);
      const paid2 = String((await expectSent(owner, 'post', '/api/courses', { ...COURSE_BODY, price: '900' }, 201)).id);
      await expectSent(owner, 'post', `/api/courses/${paid2}/publish`, undefined, 200);
      // The peer learns from the owner (their review is the owner's to answer), and teaches a course the owner follows.
      await expectSent(peer, 'post', `/api/course/${course}/enroll`, undefined, 201);
      await expectSent(peer, 'post', `/api/courses/${course}/reviews`, { rating: 5, comment: 'Clear' }, 201);
      await expectSent(
        peer,
        'post',
        '/api/vendor/register',
        { bio: 'Teaching Arabic since 2015', topics: ['Arabic'], priceRange: '$0 - $25' },
        201,
      );
      await expectSent(moderator, 'post', `/api/admin/vendors/${peer.id}/approve`, undefined, 200);
      const learning = String((await expectSent(peer, 'post', '/api/courses', COURSE_BODY, 201)).id);
      await expectSent(peer, 'post', `/api/courses/${learning}/publish`, undefined, 200);
      await expectSent(owner, 'post', `/api/course/${learning}/enroll`, undefined, 201);
      // An order of the owner's: the peer's paid course, by card in the sandbox.
      const peerPaid = String(
        (await expectSent(peer, 'post', '/api/courses', { ...COURSE_BODY, price: '700' }, 201)).id,
      );
      await expectSent(peer, 'post', `/api/courses/${peerPaid}/publish`, undefined, 200);
      const ordered = await expectSent(
        owner,
        'post',
        '/api/checkout',
        { method: 'card', courseIds: [peerPaid], expectedTotal: '700' },
        201,
      );
      const order = String(ordered.orderId);
      const learningDetail = await expectSent(owner, 'get', `/api/courses/${learning}`, undefined, 200);
      const learningLesson = String((learningDetail.sections as { lessons: { id: string }[] }[])[0]!.lessons[0]!.id);
      return { course, lesson, draftCourse, paid, paid2, learning, learningLesson, order };
    })(),
    (async () => {
      await expectSent(admin, 'put', '/api/admin/donations', { paused: false }, 200);
      const donated = await expectSent(
        owner,
        'post',
        '/api/donate',
        { amount: 1000, method: 'card', cardNumber: '4242 4242 4242 4242' },
        201,
      );
      const donation = String(donated.donationId ?? donated.id);
      // The sandbox pays by webhook a moment later, and a disbursement may only spend funds the
      // ledger shows: on a loaded machine the matrix reached its disbursement row before that.
      await eventually(
        async () => (await expectSent(owner, 'get', '/api/donations/ledger', undefined, 200)) as { collected: number },
        (ledger) => ledger.collected > 0,
        'the fixture donation on the ledger',
      );
      const orphan = String(
        (
          await expectSent(
            admin,
            'post',
            '/api/admin/orphans',
            {
              uniqueId: `AUTHZ${Date.now().toString(36).toUpperCase()}`,
              location: 'Kibera, Nairobi',
              status: 'Active',
              goal: '50000',
              story: 'Lives with her grandmother; school fees and uniforms for the coming year.',
            },
            201,
          )
        ).id,
      );
      const auditor = async () =>
        String(
          (
            await expectSent(
              admin,
              'post',
              '/api/admin/auditors',
              {
                name: 'Amana Audit',
                logo: null,
                lastAuditDate: '2026-01-15',
                isoCertified: true,
                governmentApproved: true,
              },
              201,
            )
          ).id,
        );
      return { donation, orphan, auditor: await auditor(), spareAuditor: await auditor() };
    })(),
  ]);
  const { post, pollPost, comment, conversation, message, draft, upload, notification } = social;
  const communities = await ownedCommunity(owner);
  const { course, lesson, draftCourse, paid, paid2, learningLesson, order } = learning;
  const { donation, orphan, auditor, spareAuditor } = support;
  return {
    ownerId: owner.id,
    ownerUsername: owner.username,
    peerId: peer.id,
    subjectId: peer.id,
    // Blocked and muted by everyone in turn: no one the other fixtures depend on.
    strangerId: (await registerMember(rt)).id,
    suspendedSubject: await suspendedMember(rt, moderator),
    hiddenPost: await hiddenPost(owner, moderator),
    appealedPost: await appealedPost(owner, moderator),
    post,
    pollPost,
    comment,
    conversation,
    message,
    course,
    draftCourse,
    lesson,
    draft,
    upload,
    paidCourse: paid,
    learningCourse: learning.learning,
    learningLesson,
    notification,
    otherPaidCourse: paid2,
    order,
    applicant: await applicant(rt),
    reportedPost: await reportedPost(owner, peer),
    donation,
    orphan,
    auditor,
    spareAuditor,
    ...communities,
    ownerStream: `user-${owner.id}`,
    mediaFile: 'none',
    unknown: '0190f5a2-0000-7000-8000-000000000000',
  };
}

/** A new public community of the owner's: its id and slug. */
async function newCommunity(owner: Member): Promise<{ id: string; slug: string }> {
  const created = await expectSent(
    owner,
    'post',
    '/api/communities',
    { name: 'Authz circle', category: 'other', privacy: 'public', city: 'Nairobi' },
    201,
  );
  return created.community as { id: string; slug: string };
}

/** A community of the owner's for a route that uses it up (its deletion): its slug. */
export const freshCommunity = async (owner: Member): Promise<string> => (await newCommunity(owner)).slug;

/** The owner's public community (its slug) with two of their posts in it: one to pin, one to remove. */
async function ownedCommunity(owner: Member) {
  const community = await newCommunity(owner);
  const post = async () => (await createPost(owner, { content: 'Circle notice', communityId: community.id })).id;
  return { community: community.slug, communityPost: await post(), communityPostToRemove: await post() };
}
