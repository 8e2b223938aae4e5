import { escapeHtml } from './escape-html';
import { renderMail } from './render-mail';

const verifyLink = 'http://localhost:3000/api/auth/verify-email?token=abc123&x=1';
const resetLink = 'http://localhost:3000/reset-password?token=r3s3t';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderMail', () => {
  describe.each(['en', 'ar'] as const)('verify-email (%s)', (locale) => {
    const mail = renderMail('verify-email', locale, { displayName: 'Amina', link: verifyLink });

    it('puts the link in the text on a line of its own', () => {
      expect(mail.text.split('\n')).toContain(verifyLink);
    });

    it('links the button and the fallback to the same escaped URL', () => {
      const href = `href="${verifyLink.replace('&', '&amp;')}"`;
      expect(mail.html.split(href).length - 1).toBe(2);
      expect(mail.html).not.toContain('token=abc123&x=1');
    });

    it('greets the member by name and carries the brand', () => {
      expect(mail.text).toContain('Amina');
      expect(mail.html).toContain('Amina');
      expect(mail.subject).toContain('DeenConnect');
      expect(mail.html).toContain('>DeenConnect</p>');
    });
  });

  it('writes English left to right with the English tagline', () => {
    const mail = renderMail('verify-email', 'en', { displayName: 'Amina', link: verifyLink });
    expect(mail.subject).toBe('Verify your email for DeenConnect');
    expect(mail.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(mail.text).toContain('Connecting the Ummah');
    expect(mail.text).toMatch(/^Assalamu alaikum \u2068Amina\u2069,/);
  });

  it('writes Arabic right to left, with Arabic text, while the raw link stays left to right', () => {
    const mail = renderMail('verify-email', 'ar', { displayName: 'آمنة', link: verifyLink });
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.html).toContain('<div dir="rtl"');
    expect(mail.html).toContain('text-align:right');
    expect(mail.html).toMatch(/<a href="[^"]+" dir="ltr"/);
    expect(mail.subject).toBe('تأكيد بريدك الإلكتروني في DeenConnect');
    expect(mail.text).toMatch(/^السلام عليكم \u2068آمنة\u2069،/);
    expect(mail.text).toContain('تأكيد البريد الإلكتروني');
    expect(mail.text).not.toContain('Verify');
  });

  it('reset-password says in each language that the link lasts one hour', () => {
    const en = renderMail('reset-password', 'en', { displayName: 'Omar', link: resetLink });
    const ar = renderMail('reset-password', 'ar', { displayName: 'Omar', link: resetLink });
    expect(en.subject).toBe('Reset your DeenConnect password');
    expect(en.text).toContain('valid for 1 hour');
    expect(ar.subject).toBe('إعادة تعيين كلمة المرور في DeenConnect');
    expect(ar.text).toContain('صالح لمدة ساعة واحدة');
    for (const mail of [en, ar]) {
      expect(mail.text.split('\n')).toContain(resetLink);
      expect(mail.html).toContain(`href="${resetLink}"`);
    }
  });

  it('escapes markup in the display name and keeps it out of the text as one line', () => {
    const mail = renderMail('reset-password', 'en', {
      displayName: '<script>alert("x")</script>\n\nFake line',
      link: resetLink,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Fake line');
    expect(mail.text).toContain('Assalamu alaikum \u2068<script>alert("x")</script> Fake line\u2069,');
  });

  it('isolates the name from the greeting around it, and keeps a name’s own direction controls out', () => {
    // "Amina Yusuf" in an Arabic greeting: without isolates the comma after it would join the name's run.
    const ar = renderMail('verify-email', 'ar', { displayName: 'Amina Yusuf', link: verifyLink });
    expect(ar.text).toMatch(/^السلام عليكم \u2068Amina Yusuf\u2069،/);
    expect(ar.html).toContain('\u2068Amina Yusuf\u2069');
    // A name made to flip the text after it (RIGHT-TO-LEFT OVERRIDE, an unclosed isolate) cannot.
    const en = renderMail('verify-email', 'en', { displayName: 'evil\u202Egnp.exe\u2067', link: verifyLink });
    expect(en.text).toMatch(/^Assalamu alaikum \u2068evilgnp\.exe\u2069,/);
    expect(en.text).not.toMatch(/[\u202a-\u202e\u2066\u2067]/);
  });

  it('escapes a link that tries to break out of the href attribute', () => {
    const mail = renderMail('verify-email', 'en', { displayName: 'A', link: 'https://x.test/?t="><img src=x>' });
    expect(mail.html).not.toContain('"><img');
    expect(mail.html).toContain('href="https://x.test/?t=&quot;&gt;&lt;img src=x&gt;"');
  });

  it.each([
    ['javascript:alert(1)', /http or https/],
    ['/reset-password?token=x', /absolute URL/],
  ])('refuses the link %s', (link, message) => {
    expect(() => renderMail('reset-password', 'en', { displayName: 'A', link })).toThrow(message);
  });

  describe.each(['en', 'ar'] as const)('the notify-me mails (%s) end with their unsubscribe link', (locale) => {
    const confirm = 'http://localhost:3000/api/notify/donations-open/confirm?token=a.b';
    const leave = 'http://localhost:3000/api/notify/donations-open/unsubscribe?token=a.c&x=1';
    it.each(['donations-open', 'donations-open-confirm'] as const)('%s', (template) => {
      const mail = renderMail(template, locale, { displayName: '', link: confirm, unsubscribeLink: leave });
      const lines = mail.text.split('\n');
      // The action first, the unsubscribe link after it (the outbox's links[0] and links[1]).
      expect(lines.indexOf(confirm)).toBeGreaterThan(-1);
      expect(lines.indexOf(leave)).toBeGreaterThan(lines.indexOf(confirm));
      expect(mail.html).toContain(`href="${leave.replace('&', '&amp;')}"`);
      expect(mail.html).not.toContain(leave);
    });
  });

  it('says what the confirmation is for and what to do when someone else typed the address', () => {
    const mail = renderMail('donations-open-confirm', 'en', {
      displayName: '',
      link: 'http://localhost/c',
      unsubscribeLink: 'http://localhost/u',
    });
    expect(mail.subject).toBe('Confirm your email to hear when DeenConnect donations open');
    expect(mail.text).toContain('If you did not ask, ignore this email');
    expect(mail.text).toContain('To stop these emails, unsubscribe:\nhttp://localhost/u');
  });

  it('refuses an unsubscribe link that is not an absolute web link', () => {
    expect(() =>
      renderMail('donations-open', 'en', {
        displayName: '',
        link: 'http://x.test/support',
        unsubscribeLink: 'javascript:x',
      }),
    ).toThrow(/http or https/);
  });
});
