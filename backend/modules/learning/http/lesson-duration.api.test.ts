import { createHash } from 'node:crypto';

import { testClip } from '@testing/clips';
import { type Member, registerMember } from '@testing/members';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { courseStream, type Lesson } from '../events';
import { approvedTeacher, courseBody, createCourse, moderator } from '../testing/courses';
import { whenDone } from '../testing/lesson-media';
import type { CourseDetail, CourseDraft, LearnView, LessonVideoPreview } from '../views';

/** A 5-second clip: typed by hand it was listed as '5:00' (issue 40). */
const fiveSeconds = () => testClip({ size: '160x120', rate: 10, seconds: 5, picture: 'black' }).bytes;

/** The editor's path: the chunked upload (init, one chunk, finalize) answers the media id. */
async function upload(m: Member, file: Buffer): Promise<string> {
  const started = await m.agent
    .post('/api/uploads/init')
    .set('X-CSRF-Token', m.token)
    .send({
      filename: 'fatiha.mp4',
      fileSize: file.length,
      fileType: 'video/mp4',
      totalChunks: 1,
      checksum: createHash('sha256').update(file).digest('hex'),
      metadata: {},
      purpose: 'post',
    })
    .expect(201);
  const { uploadId } = started.body as { uploadId: string };
  await m.agent
    .post(`/api/uploads/${uploadId}/chunk/0`)
    .set('X-CSRF-Token', m.token)
    .set('Content-Type', 'application/octet-stream')
    .set('Content-Range', `bytes 0-${file.length - 1}/${file.length}`)
    .send(file)
    .expect(201);
  const done = await m.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', m.token).send().expect(200);
  return (done.body as { mediaId: string }).mediaId;
}

/** One section: the video lesson, typed as 5 minutes as the old editor made teachers do, and a text lesson. */
const withVideo = (mediaId: string, typed = 300, textSec = 420) =>
  courseBody({
    sections: [
      {
        title: 'Al-Fatiha',
        lessons: [
          { title: 'Recited slowly', durationSec: typed, content: { kind: 'video', mediaId } },
          {
            title: 'Its meanings',
            durationSec: textSec,
            freePreview: true,
            content: { kind: 'text', text: 'Praise…' },
          },
        ],
      },
    ],
  });

const lessonsOf = (view: { sections: { lessons: { title: string; durationSec: number }[] }[] }) =>
  view.sections.flatMap((s) => s.lessons).map((l) => [l.title, l.durationSec]);

describeOnProfiles('a video lesson lasts as long as its video', (rt) => {
  let teacher: Member;
  let other: Member;
  const guest = () => request(rt().http!.getHttpServer());
  const detail = async (courseId: string) =>
    (await guest().get(`/api/courses/${courseId}`).expect(200)).body as CourseDetail;
  const preview = (m: Member, mediaId: string) => m.agent.get(`/api/vendor/media/${mediaId}`);

  beforeAll(async () => {
    teacher = await approvedTeacher(rt(), await moderator(rt()));
    other = await registerMember(rt());
  });

  it("takes the lesson's duration from the worker's probe, whatever was typed: a 5 s clip is 5 s everywhere", async () => {
    const mediaId = await upload(teacher, fiveSeconds());
    // Saved at once, typed as 5 minutes: before or after the worker probed the clip, the course ends the same.
    const courseId = await createCourse(teacher, withVideo(mediaId));
    await whenDone(rt(), mediaId);
    const page = await eventually(
      () => detail(courseId),
      (d) => d.sections[0]!.lessons[0]!.durationSec === 5,
      'the probed length on the course page',
    );
    expect(lessonsOf(page)).toEqual([
      ['Recited slowly', 5],
      ['Its meanings', 420],
    ]);
    expect(page.totals).toEqual({ sections: 1, lessons: 2, durationSec: 425 });
    const card = (
      (await guest().get('/api/courses?limit=50&sort=newest').expect(200)).body.courses as CourseDetail[]
    ).find((c) => c.id === courseId);
    expect(card?.totals.durationSec).toBe(425);
    const draft = (await teacher.agent.get(`/api/vendor/courses/${courseId}`).expect(200)).body as CourseDraft;
    expect(lessonsOf(draft)).toEqual(lessonsOf(page));
    const learn = (await teacher.agent.get(`/api/courses/${courseId}/learn`).expect(200)).body as LearnView;
    expect(lessonsOf(learn)).toEqual(lessonsOf(page));

    // Saved again, probed by now: the course's own event says 5 s too (the enrolment rules read it),
    // while a text lesson keeps the length typed for it.
    const edited = await teacher.agent
      .patch(`/api/courses/${courseId}`)
      .set('X-CSRF-Token', teacher.token)
      .send({ sections: withVideo(mediaId, 3600, 600).sections.map((s) => ({ ...s, id: draft.sections[0]!.id })) })
      .expect(200);
    expect(lessonsOf(edited.body as CourseDraft)).toEqual([
      ['Recited slowly', 5],
      ['Its meanings', 600],
    ]);
    const events = await rt().platform.eventStore.readStream(courseStream(courseId));
    const last = events.at(-1)!.data as { changes: { sections: { lessons: Lesson[] }[] } };
    expect(last.changes.sections[0]!.lessons.map((l) => l.durationSec)).toEqual([5, 600]);
  });

  it('previews the video for its teacher with the URLs the lesson player gives them, and for nobody else', async () => {
    const mediaId = await upload(teacher, fiveSeconds());
    await whenDone(rt(), mediaId);
    // Just uploaded, in no course yet: plain URLs, the probed length.
    expect((await preview(teacher, mediaId).expect(200)).body).toEqual({
      mediaId,
      status: 'ready',
      url: `/media/${mediaId}/video.mp4`,
      posterUrl: `/media/${mediaId}/poster`,
      durationSec: 5,
      expiresAt: null,
      error: null,
    });
    const refused = {
      error: 'Not Found',
      code: 'MEDIA_NOT_FOUND',
      message: 'Lesson video not found: upload a video first',
    };
    expect((await preview(other, mediaId).expect(404)).body).toEqual(refused);
    expect((await preview(teacher, '0190f5a2-0000-7000-8000-000000000000').expect(404)).body).toEqual(refused);
    await guest().get(`/api/vendor/media/${mediaId}`).expect(401);

    // In a locked lesson: signed for the teacher, exactly as the lesson player's are.
    const courseId = await createCourse(teacher, withVideo(mediaId));
    const shown = (await preview(teacher, mediaId).expect(200)).body as LessonVideoPreview;
    const learn = (await teacher.agent.get(`/api/courses/${courseId}/learn`).expect(200)).body as LearnView;
    const player = learn.sections[0]!.lessons[0]!.content;
    if (player?.kind !== 'video') throw new Error('the teacher sees no video in the lesson');
    const path = (url: string | null) => url?.slice(0, url.indexOf('?'));
    expect([path(shown.url), path(shown.posterUrl)]).toEqual([path(player.url), path(player.posterUrl)]);
    expect(shown.url).toContain(`?m=${teacher.id}&exp=`);
    expect(Date.parse(shown.expiresAt!)).toBeGreaterThan(Date.now());
    const served = await guest().get(shown.url!).expect(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    await other.agent.get(shown.url!).expect(404);
    await guest().get(`/media/${mediaId}/video.mp4`).expect(404);
  });
});
