import type { CourseDetails, CourseEvent, CourseSection } from '@modules/learning/events';
import type { MediaEvent } from '@modules/media';
import { newId } from '@platform/ids';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { courseGuardOf } from '.';
import { MEDIA, MEDIA_COURSE_USES, type MediaDoc } from './docs';
import { mediaProjector } from './media.projector';
import { now, OWNER, uploaded } from './testing/media-events';

describe('media projector: lesson media of courses', () => {
  const media = () => projectionSpec(mediaProjector);
  const inMedia = (e: MediaEvent) => inStream(`media-${e.data.mediaId}`, e);
  const section = (...lessons: [string | null, boolean][]): CourseSection => ({
    id: newId(),
    title: 'Section',
    lessons: lessons.map(([mediaId, freePreview]) => ({
      id: newId(),
      title: 'Lesson',
      durationSec: 60,
      freePreview,
      content: mediaId ? { kind: 'video', mediaId } : { kind: 'text', text: 'read me' },
    })),
  });
  const created = (courseId: string, details: Partial<CourseDetails>) =>
    inStream(`course-${courseId}`, {
      type: 'CourseCreated',
      data: {
        courseId,
        teacherId: OWNER,
        createdAt: now(),
        title: 'Tajweed',
        description: 'Recitation',
        category: 'Quran',
        level: 'beginner',
        price: 150_000,
        promoPrice: null,
        thumbnailMediaId: null,
        previewVideoMediaId: null,
        whatYouWillLearn: [],
        sections: [],
        ...details,
      },
    } satisfies CourseEvent);
  const edited = (courseId: string, changes: Partial<CourseDetails>) =>
    inStream(`course-${courseId}`, {
      type: 'CourseEdited',
      data: { courseId, changes, editedAt: now() },
    } satisfies CourseEvent);

  it('guards a video shown only in locked lessons, by course, and follows each edit', async () => {
    const [locked, preview, thumb, trailer, unused, shared] = [newId(), newId(), newId(), newId(), newId(), newId()];
    const [a, b] = [newId(), newId()];
    const guardOf = async (docs: { get(id: string): Promise<MediaDoc | null> }, id: string) =>
      courseGuardOf((await docs.get(id))!);
    await media()
      .given(
        [
          uploaded(locked, 'video'),
          uploaded(preview, 'video'),
          uploaded(thumb, 'image'),
          uploaded(trailer, 'video'),
          uploaded(unused, 'video'),
          uploaded(shared, 'video'),
        ].flatMap(inMedia),
      )
      .given(
        created(a, {
          sections: [section([locked, false], [null, false], [preview, true]), section([shared, false])],
          thumbnailMediaId: thumb,
          previewVideoMediaId: trailer,
        }),
      )
      .then(async ({ collection }) => {
        const docs = collection<MediaDoc>(MEDIA);
        expect((await docs.get(locked))!.courses).toEqual({ [a]: 'locked' });
        expect(await guardOf(docs, locked)).toEqual([a]);
        expect(await guardOf(docs, shared)).toEqual([a]);
        for (const open of [preview, thumb, trailer]) {
          expect((await docs.get(open))!.courses).toEqual({ [a]: 'open' });
          expect(await guardOf(docs, open)).toBeNull();
        }
        expect((await docs.get(unused))!.courses).toBeUndefined();
        expect(await guardOf(docs, unused)).toBeNull();
      });

    await media()
      .given(
        [
          uploaded(locked, 'video'),
          uploaded(preview, 'video'),
          uploaded(shared, 'video'),
          uploaded(thumb, 'image'),
        ].flatMap(inMedia),
      )
      .given(
        created(a, { sections: [section([locked, false], [preview, true], [shared, false])], thumbnailMediaId: thumb }),
      )
      // A second course shows `shared` in a locked lesson too; `preview` in a locked lesson there
      // stays open (course a shows it to everyone).
      .given(created(b, { sections: [section([shared, false], [preview, false])] }))
      // Only the title changes: the curriculum as before.
      .given(edited(a, { title: 'Tajweed, revised' }))
      // The teacher turns the locked lesson into a free preview and drops the preview lesson.
      .given(edited(a, { sections: [section([locked, true], [shared, false])] }))
      // The thumbnail goes.
      .given(edited(a, { thumbnailMediaId: null }))
      .then(async ({ collection, replay }) => {
        const docs = collection<MediaDoc>(MEDIA);
        expect(await guardOf(docs, locked)).toBeNull();
        expect((await docs.get(locked))!.courses).toEqual({ [a]: 'open' });
        expect((await docs.get(preview))!.courses).toEqual({ [b]: 'locked' });
        expect(await guardOf(docs, preview)).toEqual([b]);
        expect((await guardOf(docs, shared))!.sort()).toEqual([a, b].sort());
        expect((await docs.get(thumb))!.courses).toBeUndefined();
        expect(await collection(MEDIA_COURSE_USES).get(a)).toMatchObject({
          thumbnailMediaId: null,
          lessons: [
            { mediaId: locked, freePreview: true },
            { mediaId: shared, freePreview: false },
          ],
        });
        const rebuilt = await replay();
        for (const id of [locked, preview, shared, thumb])
          expect(await rebuilt(MEDIA).get(id)).toEqual(await docs.get(id));
      });
    expect(mediaProjector().version).toBeGreaterThanOrEqual(4);
  });

  it('keeps guarding a video its course showed locked after the lesson is removed or its video replaced', async () => {
    const [removed, replaced, replacement, previewed] = [newId(), newId(), newId(), newId()];
    const [a, b] = [newId(), newId()];
    await media()
      .given([removed, replaced, replacement, previewed].map((id) => uploaded(id, 'video')).flatMap(inMedia))
      .given(created(a, { sections: [section([removed, false], [replaced, false], [previewed, true])] }))
      .given(created(b, { sections: [section([removed, false])] }))
      // Course a drops the first lesson, puts another video in the second and its preview goes.
      .given(edited(a, { sections: [section([replacement, false])] }))
      // Course b drops it too: nothing shows it any more, and still nobody outside gets it.
      .given(edited(b, { sections: [section([null, false])] }))
      // Another edit that does not touch these items leaves them retired.
      .given(edited(a, { sections: [section([replacement, false], [null, false])] }))
      .then(async ({ collection, replay }) => {
        const docs = collection<MediaDoc>(MEDIA);
        expect((await docs.get(removed))!.courses).toEqual({ [a]: 'retired', [b]: 'retired' });
        expect(courseGuardOf((await docs.get(removed))!)!.sort()).toEqual([a, b].sort());
        expect((await docs.get(replaced))!.courses).toEqual({ [a]: 'retired' });
        expect(courseGuardOf((await docs.get(replaced))!)).toEqual([a]);
        expect((await docs.get(replacement))!.courses).toEqual({ [a]: 'locked' });
        // Shown to everyone before: nothing to keep.
        expect((await docs.get(previewed))!.courses).toBeUndefined();
        const rebuilt = await replay();
        for (const id of [removed, replaced, replacement, previewed])
          expect(await rebuilt(MEDIA).get(id)).toEqual(await docs.get(id));
      });

    // The teacher may still open a retired video to everyone (a free preview), and lock it again.
    await media()
      .given(inMedia(uploaded(removed, 'video')))
      .given(created(a, { sections: [section([removed, false])] }))
      .given(edited(a, { sections: [section([null, false])] }))
      .given(edited(a, { sections: [section([removed, true])] }))
      .then(async ({ collection }) => {
        expect((await collection<MediaDoc>(MEDIA).get(removed))!.courses).toEqual({ [a]: 'open' });
      });
    expect(mediaProjector().version).toBeGreaterThanOrEqual(5);
  });
});
