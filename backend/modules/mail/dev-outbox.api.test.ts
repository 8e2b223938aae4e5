import { randomBytes } from 'node:crypto';

import request from 'supertest';

import { describeOnProfiles } from '../../src/testing/profiles';
import { MailService } from './mail.service';

/**
 * The whole path a verification mail takes: MailService in the API queues mail.send, the worker
 * side of the same runtime delivers it to the outbox, GET /api/dev/outbox shows it.
 */
describeOnProfiles('development outbox', (rt) => {
  const server = () => rt().http!.getHttpServer();
  const token = () => randomBytes(8).toString('hex');

  it('shows a sent mail with its link, found by recipient whatever the case', async () => {
    const t = token();
    const link = `http://localhost:3000/api/auth/verify-email?token=${t}`;
    const to = `Amina.${t}@Example.test`;
    const id = await rt()
      .http!.get(MailService)
      .send({
        to,
        template: 'verify-email',
        locale: 'ar',
        params: { displayName: 'آمنة', link },
        userId: 'user-1',
      });
    await rt().platform.jobQueue.idle();

    const res = await request(server()).get('/api/dev/outbox').query({ to: to.toLowerCase() }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      mails: [
        {
          id,
          to,
          subject: 'تأكيد بريدك الإلكتروني في DeenConnect',
          text: expect.stringContaining(link),
          html: expect.stringContaining('dir="rtl"'),
          template: 'verify-email',
          locale: 'ar',
          links: [link],
          userId: 'user-1',
          headers: { 'Content-Language': 'ar' },
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      ],
    });
  });

  it('lists newest first and honours the limit', async () => {
    const to = `order.${token()}@example.test`;
    const mails = rt().http!.get(MailService);
    const ids: string[] = [];
    for (const template of ['verify-email', 'reset-password', 'verify-email'] as const) {
      ids.push(await mails.send({ to, template, params: { displayName: 'Omar', link: 'http://localhost:3000/x' } }));
    }
    await rt().platform.jobQueue.idle();

    const all = await request(server()).get('/api/dev/outbox').query({ to }).expect(200);
    expect(all.body.mails.map((m: { id: string }) => m.id)).toEqual([...ids].reverse());
    const two = await request(server()).get('/api/dev/outbox').query({ to, limit: '2' }).expect(200);
    expect(two.body.mails.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    const latest = await request(server()).get('/api/dev/outbox').query({ limit: '1' }).expect(200);
    expect(latest.body.mails.map((m: { id: string }) => m.id)).toEqual([ids[2]]);
  });

  it('answers a bad limit with 400 in the error shape', async () => {
    const res = await request(server()).get('/api/dev/outbox?limit=lots').expect(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      message: 'limit must be a whole number',
      code: 'VALIDATION_FAILED',
    });
  });
});

describeOnProfiles(
  'development outbox in production',
  (rt) => {
    it('does not exist, even after a mail was sent', async () => {
      await rt()
        .http!.get(MailService)
        .send({
          to: 'amina@example.test',
          template: 'reset-password',
          params: { displayName: 'Amina', link: 'http://localhost:3000/reset-password?token=secret' },
        });
      await rt().platform.jobQueue.idle();
      const res = await request(rt().http!.getHttpServer()).get('/api/dev/outbox?to=amina@example.test').expect(404);
      expect(res.body).toEqual({ error: 'Not Found', message: 'Cannot GET /api/dev/outbox', code: 'NOT_FOUND' });
    });
  },
  { NODE_ENV: 'production' },
);
