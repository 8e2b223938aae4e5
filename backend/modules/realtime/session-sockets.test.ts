import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember, sessionCookieOf } from '@testing/members';
import { connectSocket, listeningUrl, nextEvent } from '@testing/sockets';

import { describeOnProfiles } from '../../src/testing/profiles';

describeOnProfiles(
  'sockets of an ended session',
  (rt) => {
    it('signing out closes that session’s sockets and leaves the member’s other sessions connected', async () => {
      const url = await listeningUrl(rt());
      const amina = await registerMember(rt());
      // A second device: the same member signed in through another browser.
      const other = await anonymous(rt());
      await other.agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', other.token)
        .send({ emailOrUsername: amina.username, password: amina.password })
        .expect(200);
      const phone: Member = { ...amina, agent: other.agent, token: currentCsrfToken(other.agent) };

      const laptopCookie = sessionCookieOf(rt(), amina);
      const laptopSocket = await connectSocket(url, laptopCookie);
      const phoneSocket = await connectSocket(url, sessionCookieOf(rt(), phone));
      try {
        const ended = nextEvent(laptopSocket, 'session_ended');
        const closed = new Promise<string>((resolve) => laptopSocket.once('disconnect', resolve));
        await amina.agent
          .post('/api/auth/logout')
          .set('X-CSRF-Token', amina.token)
          .expect((r) => expect(r.status).toBeLessThan(300));
        expect(await ended).toEqual({ reason: 'logout' });
        expect(await closed).toBe('io server disconnect');
        // The cookie is dead: reconnecting with it is refused.
        await expect(connectSocket(url, laptopCookie)).rejects.toThrow('Not authenticated');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(phoneSocket.connected).toBe(true);
      } finally {
        laptopSocket.close();
        phoneSocket.close();
      }
    });
  },
  IDENTITY_TEST_ENV,
);
