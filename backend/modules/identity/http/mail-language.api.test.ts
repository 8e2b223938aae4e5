import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { anonymous, IDENTITY_TEST_ENV, mailsTo, newDetails } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';

const SUBJECTS = {
  verify: { en: 'Verify your email for DeenConnect', ar: 'تأكيد بريدك الإلكتروني في DeenConnect' },
  reset: { en: 'Reset your DeenConnect password', ar: 'إعادة تعيين كلمة المرور في DeenConnect' },
};

/**
 * Mails go out in the language the member reads the app in: the web app sends it with every call
 * (Accept-Language), so an Arabic sign-up is greeted in Arabic, and a later request in English is
 * answered in English.
 */
describeOnProfiles(
  'the language of account mails',
  (rt) => {
    const subjects = async (email: string, template: string) =>
      (await mailsTo(rt(), email)).filter((m) => m.template === template).map((m) => m.subject);

    it('verifies an Arabic sign-up in Arabic, and a resend asked in English in English', async () => {
      const details = { ...newDetails(), displayName: 'خديجة الأحمد' };
      const { agent, token } = await anonymous(rt());
      await agent
        .post('/api/auth/register')
        .set('X-CSRF-Token', token)
        .set('Accept-Language', 'ar')
        .send(details)
        .expect(201);
      const [arabic] = (await mailsTo(rt(), details.email)).filter((m) => m.template === 'verify-email');
      expect(arabic!.subject).toBe(SUBJECTS.verify.ar);
      expect(arabic!.text).toMatch(/^السلام عليكم \u2068خديجة الأحمد\u2069،/);

      await agent
        .post('/api/resend-verification')
        .set('X-CSRF-Token', currentCsrfToken(agent))
        .set('Accept-Language', 'en-GB,en;q=0.9,ar;q=0.5')
        .expect((r) => expect(r.status).toBeLessThan(300));
      expect(await subjects(details.email, 'verify-email')).toEqual([SUBJECTS.verify.en, SUBJECTS.verify.ar]);
    });

    it('writes a reset link in the asker’s language, English when the header names none of ours', async () => {
      const details = newDetails();
      const { agent, token } = await anonymous(rt());
      await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(details).expect(201);
      const { agent: asker, token: askerToken } = await anonymous(rt());
      const forgot = (language: string) =>
        asker
          .post('/api/auth/forgot-password')
          .set('X-CSRF-Token', askerToken)
          .set('Accept-Language', language)
          .send({ email: details.email })
          .expect(200);
      await forgot('ar-KE,ar;q=0.9');
      await forgot('fr-FR,de;q=0.5');
      expect(await subjects(details.email, 'reset-password')).toEqual([SUBJECTS.reset.en, SUBJECTS.reset.ar]);
      // No header at all (a client that is not the web app): English, as before.
      expect(await subjects(details.email, 'verify-email')).toEqual([SUBJECTS.verify.en]);
    });
  },
  IDENTITY_TEST_ENV,
);
