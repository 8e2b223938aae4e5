import { anonymous, type Member, registerMember } from '@testing/members';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { enrolmentStream } from '../events';
import { commerceClient, publishedCourse, type TestCourse } from '../testing/commerce-fixtures';
import { moderator } from '../testing/courses';
import type { CertificateView, CompleteLessonAnswer, CourseDetail, LearnView, StudentCourse } from '../views';

const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

describeOnProfiles('learning: certificates of completion', (rt) => {
  const { post, types, order } = commerceClient(rt);
  const complete = (m: Member, course: TestCourse, lessonId: string) =>
    post(m, `/api/courses/${course.courseId}/lessons/${lessonId}/complete`);
  const completeAll = async (m: Member, course: TestCourse) => {
    let last: CompleteLessonAnswer | undefined;
    for (const lessonId of course.lessonIds)
      last = (await complete(m, course, lessonId).expect(200)).body as CompleteLessonAnswer;
    return last!;
  };
  const verify = async (id: string) => {
    const guest = await anonymous(rt());
    return guest.agent.get(`/api/certificates/${id}`);
  };
  const mine = async (m: Member) => (await m.agent.get('/api/me/certificates').expect(200)).body as CertificateView[];
  const studentCourse = async (m: Member, courseId: string) =>
    ((await m.agent.get('/api/student/courses').expect(200)).body as StudentCourse[]).find(
      (c) => c.courseId === courseId,
    );

  let teacher: Member;
  beforeAll(async () => {
    teacher = await registerMember(rt());
  });

  it('issues a certificate with the last lesson, once, and anyone with its code verifies it', async () => {
    const course = await publishedCourse(rt(), teacher.id, { price: '0', lessons: 3 });
    const [l1, l2, l3] = course.lessonIds as [string, string, string];
    const student = await registerMember(rt());
    await post(student, `/api/course/${course.courseId}/enroll`).expect(201);

    await complete(student, course, l1).expect(200);
    expect((await complete(student, course, l2).expect(200)).body).toEqual({
      progress: { completed: 2, total: 3, percent: 67 },
      currentLessonId: l3,
      completed: false,
      certificateId: null,
    });
    // Asked for before the course is finished: refused.
    const early = await post(student, `/api/courses/${course.courseId}/certificate`).expect(409);
    expect(early.body).toEqual({
      error: 'Conflict',
      message: 'Complete every lesson of this course to earn its certificate',
      code: 'COURSE_NOT_COMPLETED',
    });

    // The last lesson, completed from two tabs at once: one certificate, the same in both answers.
    const [last, twin] = await Promise.all([complete(student, course, l3), complete(student, course, l3)]);
    expect(last!.status).toBe(200);
    expect(last!.body).toEqual({
      progress: { completed: 3, total: 3, percent: 100 },
      currentLessonId: null,
      completed: true,
      certificateId: expect.stringMatching(CODE),
    });
    const id = (last!.body as CompleteLessonAnswer).certificateId!;
    expect(twin!.body).toEqual(last!.body);

    // Completing again, or asking for it: the same certificate, nothing more decided.
    expect((await complete(student, course, l1).expect(200)).body).toMatchObject({
      completed: true,
      certificateId: id,
    });
    const claimed = await post(student, `/api/courses/${course.courseId}/certificate`).expect(200);
    expect(claimed.body).toMatchObject({ id, status: 'valid' });
    const stream = await types(enrolmentStream(course.courseId, student.id));
    expect(stream.filter((t) => t === 'CertificateIssued')).toHaveLength(1);
    expect(stream.filter((t) => t === 'CourseCompleted')).toHaveLength(1);

    // A guest with the link sees the names, the course, the date and that it is valid: nothing else of the member.
    const verified = await verify(id).then((r) => r.body as CertificateView);
    expect(verified).toEqual({
      id,
      status: 'valid',
      learnerName: student.displayName,
      courseId: course.courseId,
      courseTitle: course.title,
      teacherName: teacher.displayName,
      completedAt: expect.any(String),
      issuedAt: expect.any(String),
      revokedAt: null,
    });
    expect(JSON.stringify(verified)).not.toContain(student.id);
    expect(JSON.stringify(verified)).not.toContain(student.username);
    // Typed from the paper: any case, in groups of four.
    const typed = id.toLowerCase().match(/.{4}/g)!.join('-');
    expect((await verify(typed)).body).toEqual(verified);

    // The screens can link it: my courses, the learn view, the course page, my certificates, a notice.
    expect(await studentCourse(student, course.courseId)).toMatchObject({ completed: true, certificateId: id });
    const learn = (await student.agent.get(`/api/courses/${course.courseId}/learn`).expect(200)).body as LearnView;
    expect(learn).toMatchObject({ completed: true, certificateId: id });
    const detail = (await student.agent.get(`/api/courses/${course.courseId}`).expect(200)).body as CourseDetail;
    expect(detail.viewer.certificateId).toBe(id);
    expect(await mine(student)).toEqual([verified]);
    const inbox = (await student.agent.get('/api/notifications').expect(200)).body as {
      notifications: { type: string; targetType: string; targetId: string; content: string }[];
    };
    expect(inbox.notifications.filter((n) => n.type === 'course_completed')).toEqual([
      expect.objectContaining({ targetType: 'certificate', targetId: id, content: course.title }),
    ]);
  });

  it('lists only the member’s own certificates; guests are asked to sign in', async () => {
    const course = await publishedCourse(rt(), teacher.id, { price: '0', lessons: 1 });
    const student = await registerMember(rt());
    const other = await registerMember(rt());
    await post(student, `/api/course/${course.courseId}/enroll`).expect(201);
    const { certificateId } = await completeAll(student, course);
    expect((await mine(student)).map((c) => c.id)).toEqual([certificateId]);
    expect(await mine(other)).toEqual([]);
    expect(await mine(teacher)).toEqual([]);
    const guest = await anonymous(rt());
    await guest.agent.get('/api/me/certificates').expect(401);
  });

  it('answers 404 CERTIFICATE_NOT_FOUND for a code that names no certificate, or is no code at all', async () => {
    const notFound = {
      error: 'Not Found',
      message: 'Certificate not found: check the code on the certificate',
      code: 'CERTIFICATE_NOT_FOUND',
    };
    for (const id of ['K7M2Q9X4B8C3D5F6', 'too-short', 'U'.repeat(16), '%2E%2E%2Fetc', 'x'.repeat(50)]) {
      const res = await verify(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });

  it('gives nothing to a member who is not enrolled: no lessons completed, no certificate', async () => {
    const free = await publishedCourse(rt(), teacher.id, { price: '0', lessons: 1 });
    const paid = await publishedCourse(rt(), teacher.id, { price: '800', lessons: 1 });
    const stranger = await registerMember(rt());
    for (const course of [free, paid]) {
      const refused = await complete(stranger, course, course.lessonIds[0]!).expect(403);
      expect(refused.body.code).toBe('NOT_ENROLLED');
      const claim = await post(stranger, `/api/courses/${course.courseId}/certificate`).expect(403);
      expect(claim.body).toEqual({
        error: 'Forbidden',
        message: 'Enroll in this course and complete its lessons to earn its certificate',
        code: 'NOT_ENROLLED',
      });
      expect(await types(enrolmentStream(course.courseId, stranger.id))).toEqual([]);
    }
    // The teacher owns the course but is no student of it.
    await post(teacher, `/api/courses/${free.courseId}/certificate`).expect(403);
    await post(stranger, '/api/courses/no-such-course/certificate').expect(404);
    const guest = await anonymous(rt());
    await guest.agent.post(`/api/courses/${free.courseId}/certificate`).set('X-CSRF-Token', guest.token).expect(401);
    expect(await mine(stranger)).toEqual([]);
  });

  it('revokes the certificate when the order that bought the course is refunded', async () => {
    const mod = await moderator(rt());
    const course = await publishedCourse(rt(), teacher.id, { price: '1200', lessons: 2 });
    const buyer = await registerMember(rt());
    const checkout = await post(buyer, '/api/checkout', {
      method: 'card',
      courseIds: [course.courseId],
      expectedTotal: '1200',
    }).expect(201);
    const orderId = checkout.body.orderId as string;
    await eventually(
      () => order(buyer, orderId),
      (o) => o.status === 'paid',
      `order ${orderId} paid`,
    );
    await eventually(
      () => buyer.agent.get(`/api/courses/${course.courseId}`).then((r) => r.body as CourseDetail),
      (d) => d.viewer.enrolled,
      'enrolled by the order',
    );
    const { certificateId } = await completeAll(buyer, course);
    expect((await verify(certificateId!)).body).toMatchObject({ status: 'valid' });

    // Past 30% of the lessons the buyer cannot refund it; a moderator can, and the certificate goes with it.
    await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
    await post(mod, `/api/admin/orders/${orderId}/refund`, { reason: 'Charged twice by the bank' }).expect(200);
    const revoked = (await verify(certificateId!)).body as CertificateView;
    expect(revoked).toMatchObject({ id: certificateId, status: 'revoked', revokedAt: expect.any(String) });
    expect(await mine(buyer)).toEqual([revoked]);
    expect(await studentCourse(buyer, course.courseId)).toBeUndefined();
    const stream = await types(enrolmentStream(course.courseId, buyer.id));
    expect(stream.slice(-2)).toEqual(['EnrolmentRevoked', 'CertificateRevoked']);
    // Lessons done before the refund earn nothing while the course is not theirs.
    await post(buyer, `/api/courses/${course.courseId}/certificate`).expect(403);
    await complete(buyer, course, course.lessonIds[0]!).expect(403);
  });
});
