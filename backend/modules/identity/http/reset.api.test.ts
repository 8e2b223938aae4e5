import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { anonymous, IDENTITY_TEST_ENV, latestLink, mailsTo, PASSWORD, registerMember } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';

const INVALID = 'This password reset link is invalid or has expired.';
const NEW_PASSWORD = 'Alhamdulillah-2027';

describeOnProfiles(
  'password reset',
  (rt) => {
    const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

    it('answers the same whether or not the account exists, and mails only real members', async () => {
      const m = await registerMember(rt());
      const { agent, token } = await anonymous(rt());
      const known = await agent
        .post('/api/auth/forgot-password')
        .set('X-CSRF-Token', token)
        .send({ email: m.email.toUpperCase() })
        .expect(200);
      const unknown = await agent
        .post('/api/auth/forgot-password')
        .set('X-CSRF-Token', token)
        .send({ email: 'nobody@example.test' })
        .expect(200);
      expect(known.body).toEqual(unknown.body);
      expect(await mailsTo(rt(), 'nobody@example.test')).toEqual([]);
      expect(await latestLink(rt(), m.email, 'reset-password')).toMatch(/^\/reset-password\?token=/);
      const bad = await agent
        .post('/api/auth/forgot-password')
        .set('X-CSRF-Token', token)
        .send({ email: 'nope' })
        .expect(400);
      expect(bad.body.message).toBe('Invalid email address');
    });

    it('sets the new password once, ends every session, and keeps the old password out', async () => {
      const m = await registerMember(rt());
      const other = await anonymous(rt());
      await other.agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', other.token)
        .send({ emailOrUsername: m.username, password: PASSWORD })
        .expect(200);
      const { agent, token } = await anonymous(rt());
      await agent.post('/api/auth/forgot-password').set('X-CSRF-Token', token).send({ email: m.email }).expect(200);
      const resetToken = tokenOf(await latestLink(rt(), m.email, 'reset-password'));

      await agent
        .post('/api/auth/reset-password')
        .set('X-CSRF-Token', token)
        .send({ token: resetToken, newPassword: NEW_PASSWORD })
        .expect(200);
      await m.agent.get('/api/auth/me').expect(401);
      await other.agent.get('/api/auth/me').expect(401);

      const login = (password: string) =>
        agent.post('/api/auth/login').set('X-CSRF-Token', token).send({ emailOrUsername: m.email, password });
      expect((await login(PASSWORD)).status).toBe(401);
      expect((await login(NEW_PASSWORD)).status).toBe(200);

      // Signed in now: the browser's token is the new session's.
      const again = await agent
        .post('/api/auth/reset-password')
        .set('X-CSRF-Token', currentCsrfToken(agent))
        .send({ token: resetToken, newPassword: 'Another-Pass-9' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(INVALID);
    });

    it.each([
      ['Short1!', 'Password must be at least 10 characters'],
      [
        'alllowercase1',
        'Password must contain at least one uppercase letter, one lowercase letter, and one number or symbol',
      ],
      [
        'ALLUPPERCASE1',
        'Password must contain at least one uppercase letter, one lowercase letter, and one number or symbol',
      ],
      [
        'NoDigitsOrSymbols',
        'Password must contain at least one uppercase letter, one lowercase letter, and one number or symbol',
      ],
    ])('applies the reset rules to %s', async (newPassword, message) => {
      const { agent, token } = await anonymous(rt());
      const res = await agent
        .post('/api/auth/reset-password')
        .set('X-CSRF-Token', token)
        .send({ token: 'whatever', newPassword })
        .expect(400);
      expect(res.body.message).toBe(message);
    });

    it.each(['garbage', '00000000-0000-7000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'])(
      'refuses the token %s',
      async (resetToken) => {
        const { agent, token } = await anonymous(rt());
        const res = await agent
          .post('/api/auth/reset-password')
          .set('X-CSRF-Token', token)
          .send({ token: resetToken, newPassword: NEW_PASSWORD })
          .expect(400);
        expect(res.body.message).toBe(INVALID);
      },
    );

    it('only the newest link works', async () => {
      const m = await registerMember(rt());
      const { agent, token } = await anonymous(rt());
      await agent.post('/api/auth/forgot-password').set('X-CSRF-Token', token).send({ email: m.email }).expect(200);
      const first = tokenOf(await latestLink(rt(), m.email, 'reset-password'));
      await agent.post('/api/auth/forgot-password').set('X-CSRF-Token', token).send({ email: m.email }).expect(200);
      const second = tokenOf(await latestLink(rt(), m.email, 'reset-password'));
      expect(second).not.toBe(first);
      expect(
        (
          await agent
            .post('/api/auth/reset-password')
            .set('X-CSRF-Token', token)
            .send({ token: first, newPassword: NEW_PASSWORD })
        ).status,
      ).toBe(400);
      await agent
        .post('/api/auth/reset-password')
        .set('X-CSRF-Token', token)
        .send({ token: second, newPassword: NEW_PASSWORD })
        .expect(200);
    });

    it('limits reset mails per address without changing the answer', async () => {
      const m = await registerMember(rt());
      const { agent, token } = await anonymous(rt());
      for (let i = 0; i < 5; i++)
        await agent.post('/api/auth/forgot-password').set('X-CSRF-Token', token).send({ email: m.email }).expect(200);
      expect((await mailsTo(rt(), m.email)).filter((x) => x.template === 'reset-password')).toHaveLength(3);
    });
  },
  IDENTITY_TEST_ENV,
);
