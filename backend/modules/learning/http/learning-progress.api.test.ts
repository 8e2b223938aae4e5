import { anonymous, type Member, registerMember } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { publishedCourse } from '../testing/commerce-fixtures';
import type { Review } from '../views';

describeOnProfiles('learning: free enrolment, progress and reviews', (rt) => {
  const post = (m: Member, path: string, body?: object) =>
    m.agent
      .post(path)
      .set('X-CSRF-Token', m.token)
      .send(body ?? {});
  const put = (m: Member, path: string, body: object) => m.agent.put(path).set('X-CSRF-Token', m.token).send(body);

  let teacher: Member;
  beforeAll(async () => {
    teacher = await registerMember(rt());
  });

  it('enrols a member in a free course once; a paid, unlisted or unknown course is refused', async () => {
    const free = await publishedCourse(rt(), teacher.id, { price: '0' });
    const paid = await publishedCourse(rt(), teacher.id, { price: '1500' });
    const draft = await publishedCourse(rt(), teacher.id, { price: '0', listed: false });
    const student = await registerMember(rt());
    const guest = await anonymous(rt());
    await guest.agent.post(`/api/course/${free.courseId}/enroll`).set('X-CSRF-Token', guest.token).expect(401);
    expect((await post(student, `/api/course/${free.courseId}/enroll`).expect(201)).body).toEqual({
      courseId: free.courseId,
      enrolled: true,
    });
    await post(student, `/api/course/${free.courseId}/enroll`).expect(201);
    const events = await rt().platform.eventStore.readStream(`enrolment-${free.courseId}-${student.id}`);
    expect(events.map((e) => e.type)).toEqual(['EnrolmentGranted']);
    const refused = await post(student, `/api/course/${paid.courseId}/enroll`).expect(409);
    expect(refused.body).toEqual({
      error: 'Conflict',
      message: 'This course is not free: add it to your cart to buy it',
      code: 'COURSE_NOT_FREE',
    });
    await post(student, `/api/course/${draft.courseId}/enroll`).expect(404);
    await post(student, `/api/course/no-such-course/enroll`).expect(404);
    await post(student, `/api/course/${'x'.repeat(90)}/enroll`).expect(404);
    await post(student, '/api/course/a.b%20c/enroll').expect(404);
  });

  it('completes lessons and saves the position of an enrolled student only', async () => {
    const course = await publishedCourse(rt(), teacher.id, { price: '0', lessons: 3 });
    const [l1, l2] = course.lessonIds;
    const student = await registerMember(rt());
    const base = `/api/courses/${course.courseId}/lessons`;
    const notEnrolled = await post(student, `${base}/${l1}/complete`).expect(403);
    expect(notEnrolled.body.message).toBe('Enroll in this course to track your progress');
    await put(student, `${base}/${l1}/position`, { seconds: 10 }).expect(403);

    await post(student, `/api/course/${course.courseId}/enroll`).expect(201);
    expect((await post(student, `${base}/${l1}/complete`).expect(200)).body).toEqual({
      progress: { completed: 1, total: 3, percent: 33 },
      currentLessonId: l2,
      completed: false,
      certificateId: null,
    });
    // Completing again changes nothing.
    expect((await post(student, `${base}/${l1}/complete`).expect(200)).body.progress.completed).toBe(1);
    await put(student, `${base}/${l2}/position`, { seconds: 42.7 }).expect(204);
    const saved = await rt().platform.eventStore.readStream(`enrolment-${course.courseId}-${student.id}`);
    expect(saved.at(-1)).toMatchObject({ type: 'LessonPositionSaved', data: { lessonId: l2, positionSec: 42 } });
    // Past the end of the lesson: kept at its duration.
    await put(student, `${base}/${l2}/position`, { seconds: 9999 }).expect(204);
    expect((await post(student, `${base}/${l2}/complete`).expect(200)).body).toEqual({
      progress: { completed: 2, total: 3, percent: 67 },
      currentLessonId: l2,
      completed: false,
      certificateId: null,
    });
    await post(student, `${base}/nope/complete`).expect(404);
    await put(student, `${base}/${l1}/position`, { seconds: -1 }).expect(400);
    await put(student, `${base}/${l1}/position`, { seconds: 'ten' }).expect(400);
    await post(student, `/api/courses/unknown/lessons/${l1}/complete`).expect(404);
  });

  it('takes one review per enrolled student, edits it, and lets only the teacher reply', async () => {
    const course = await publishedCourse(rt(), teacher.id, { price: '0' });
    const student = await registerMember(rt());
    const stranger = await registerMember(rt());
    const path = `/api/courses/${course.courseId}/reviews`;
    const notEnrolled = await post(student, path, { rating: 5, comment: 'Great' }).expect(403);
    expect(notEnrolled.body.message).toBe('Only students enrolled in this course can review it');
    await post(teacher, path, { rating: 5, comment: 'Mine' }).expect(403);

    await post(student, `/api/course/${course.courseId}/enroll`).expect(201);
    await post(student, path, { rating: 6, comment: 'x' }).expect(400);
    await post(student, path, { rating: 4.5, comment: 'x' }).expect(400);
    await post(student, path, { comment: 'x' }).expect(400);
    const written = (await post(student, path, { rating: 4, comment: '  Clear lessons  ' }).expect(201)).body as Review;
    expect(written).toEqual({
      id: `${course.courseId}:${student.id}`,
      courseId: course.courseId,
      rating: 4,
      comment: 'Clear lessons',
      user: { id: student.id, name: student.displayName, username: student.username, profileImage: null },
      createdAt: expect.any(String),
      editedAt: null,
      reply: null,
    });
    const edited = (await post(student, path, { rating: 5, comment: 'Even better' }).expect(200)).body as Review;
    expect(edited).toMatchObject({ rating: 5, comment: 'Even better', createdAt: written.createdAt });
    expect(edited.editedAt).toEqual(expect.any(String));
    const events = await rt().platform.eventStore.readStream(`review-${course.courseId}-${student.id}`);
    expect(events.map((e) => e.type)).toEqual(['ReviewWritten', 'ReviewEdited']);

    const reply = `${path}/${student.id}/reply`;
    await post(stranger, reply, { text: 'Thanks' }).expect(403);
    await post(student, reply, { text: 'Thanks' }).expect(403);
    await post(teacher, reply, { text: '   ' }).expect(400);
    await post(teacher, `${path}/${stranger.id}/reply`, { text: 'Hello' }).expect(404);
    const replied = (await post(teacher, reply, { text: 'Jazakallahu khayran' }).expect(200)).body as Review;
    expect(replied.reply).toEqual({ text: 'Jazakallahu khayran', repliedAt: expect.any(String) });
    const guest = await anonymous(rt());
    await guest.agent.post(path).set('X-CSRF-Token', guest.token).send({ rating: 5 }).expect(401);
  });
});
