import type { CourseEvent } from '@modules/learning/events';
import type { MediaEvent } from '@modules/media/events';
import type { MessageEvent } from '@modules/messaging/events';
import type { CommentEvent, MediaRef, PostEvent } from '@modules/social/events';
import type { PushOutbox } from '@platform/push/push-outbox';

import { defineProjector, type EventsOf, type ProjectionContext, type Projector, type Recorded } from '../runner';
import { courseMediaOf, usesByMedia } from './course-uses';
import {
  type CourseMedia,
  MEDIA,
  MEDIA_COURSE_USES,
  MEDIA_PRIVATE_POSTS,
  MEDIA_PROJECTOR,
  type MediaCourseUsesDoc,
  type MediaDoc,
  type MediaPrivatePostDoc,
} from './docs';
import { mediaOutcomePush } from './pushes';

type Handled =
  | MediaEvent
  | EventsOf<MessageEvent, 'MessageSent'>
  | EventsOf<CourseEvent, 'CourseCreated' | 'CourseEdited'>
  | EventsOf<PostEvent, 'PostCreated'>
  | EventsOf<CommentEvent, 'CommentAdded'>;

const mediaOf = (ctx: ProjectionContext) => ctx.collection<MediaDoc>(MEDIA);
const courseUsesOf = (ctx: ProjectionContext) => ctx.collection<MediaCourseUsesDoc>(MEDIA_COURSE_USES);
const privatePostsOf = (ctx: ProjectionContext) => ctx.collection<MediaPrivatePostDoc>(MEDIA_PRIVATE_POSTS);

/** The files shown by a private community's post or comment are that community's from now on. */
async function guardByCommunity(ctx: ProjectionContext, refs: readonly MediaRef[] | undefined, communityId: string) {
  for (const { id } of refs ?? []) {
    const doc = await mediaOf(ctx).get(id);
    if (doc && !doc.communities?.includes(communityId))
      await mediaOf(ctx).update(id, { set: { communities: [...(doc.communities ?? []), communityId] } });
  }
}

/**
 * Records on each media item how this course now shows it (`courses[courseId]`), for the items
 * whose use changed; the course's list is kept so the next edit knows what it stopped showing.
 * An item the course showed locked and shows no more is `retired`, never forgotten: its copies
 * were handed out as the course's alone (a lesson removed or its video replaced stays private).
 */
async function applyCourseMedia(ctx: ProjectionContext, courseId: string, next: CourseMedia) {
  const before = await courseUsesOf(ctx).get(courseId);
  const [was, now] = [usesByMedia(before), usesByMedia(next)];
  for (const mediaId of new Set([...was.keys(), ...now.keys()])) {
    const use = now.get(mediaId);
    if (was.get(mediaId) === use) continue;
    const doc = await mediaOf(ctx).get(mediaId);
    if (!doc) continue;
    const courses = { ...doc.courses };
    const prior = courses[courseId];
    if (use) courses[courseId] = use;
    else if (prior === 'locked' || prior === 'retired') courses[courseId] = 'retired';
    else delete courses[courseId];
    await mediaOf(ctx).update(mediaId, Object.keys(courses).length ? { set: { courses } } : { unset: ['courses'] });
  }
  await courseUsesOf(ctx).upsert({ id: courseId, ...next });
}

/**
 * The `media` read model: status, variants, dimensions and duration of each media item. Once an
 * outcome is applied, the uploader is pushed `media_processed` or `media_failed` (after commit).
 */
export function mediaProjector(outbox: PushOutbox | null = null): Projector {
  const push = (event: Recorded<Handled>, ctx: ProjectionContext, doc: MediaDoc | null) => {
    if (doc) outbox?.stage(MEDIA_PROJECTOR, event, ctx, mediaOutcomePush(event.id, doc));
  };
  return defineProjector<Handled>({
    name: MEDIA_PROJECTOR,
    // 2: documents carry `audience`. 3: a direct message's file sent before uploads carried one
    // gets the conversation's two members from its MessageSent. 4: `courses`, how courses show it.
    // 5: a course's `retired` items (it showed them locked, then stopped), which 4 forgot.
    // 6: `communities`, the private communities whose posts and comments show the item.
    version: 6,
    collections: [
      { name: MEDIA, indexes: [{ fields: ['ownerId'], sort: { field: 'createdAt' } }] },
      { name: MEDIA_COURSE_USES },
      { name: MEDIA_PRIVATE_POSTS },
    ],
    on: {
      async PostCreated({ data }, ctx) {
        if (!data.community?.private) return;
        await privatePostsOf(ctx).upsert({ id: data.postId, communityId: data.community.id });
        await guardByCommunity(ctx, data.media, data.community.id);
      },
      async CommentAdded({ data }, ctx) {
        if (!data.media?.length) return;
        const post = await privatePostsOf(ctx).get(data.postId);
        if (post) await guardByCommunity(ctx, data.media, post.communityId);
      },
      async CourseCreated({ data }, ctx) {
        await applyCourseMedia(ctx, data.courseId, courseMediaOf(data));
      },
      async CourseEdited({ data }, ctx) {
        const before = await courseUsesOf(ctx).get(data.courseId);
        await applyCourseMedia(ctx, data.courseId, courseMediaOf(data.changes, before));
      },
      async MessageSent({ data }, ctx) {
        // The file was uploaded for this message alone: with it (messaging ingests it on send), or
        // before it as a private chunked upload its sender alone could see until now.
        const mediaId = data.mediaId;
        if (!mediaId) return;
        const doc = await mediaOf(ctx).get(mediaId);
        const senderOnly = doc?.audience?.length === 1 && doc.audience[0] === data.senderId;
        if (doc && (!doc.audience || senderOnly))
          await mediaOf(ctx).update(mediaId, { set: { audience: [data.senderId, data.receiverId] } });
      },
      async MediaUploaded({ data: d }, ctx) {
        // upsert: replaying the same event writes the same document.
        await mediaOf(ctx).upsert({
          id: d.mediaId,
          ownerId: d.ownerId,
          kind: d.kind,
          mime: d.mime,
          purpose: d.purpose,
          status: 'processing',
          bytes: d.bytes,
          name: d.name ?? null,
          audience: d.audience ?? null,
          originalKey: d.originalKey,
          width: null,
          height: null,
          durationSeconds: null,
          variants: [],
          error: null,
          createdAt: d.uploadedAt,
          processedAt: null,
        });
      },
      async MediaPosterPrepared({ data: d }, ctx) {
        // Still processing: the poster is served, the video is not yet.
        await mediaOf(ctx).update(d.mediaId, {
          set: { width: d.width, height: d.height, durationSeconds: d.durationSeconds, variants: d.variants },
        });
      },
      async MediaProcessed(e, ctx) {
        const d = e.data;
        const set = {
          status: 'ready',
          width: d.width,
          height: d.height,
          durationSeconds: d.durationSeconds,
          variants: d.variants,
          processedAt: d.processedAt,
        };
        push(e, ctx, await mediaOf(ctx).update(d.mediaId, { set }));
      },
      async MediaFailed(e, ctx) {
        const d = e.data;
        const set = { status: 'failed', error: { code: d.code, message: d.message }, processedAt: d.failedAt };
        push(e, ctx, await mediaOf(ctx).update(d.mediaId, { set }));
      },
    },
  });
}
