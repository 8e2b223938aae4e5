import { createTransport } from 'nodemailer';

import type { MailJob } from '../mail-job';
import { renderMail } from '../templates/render-mail';
import { FakeSmtpServer } from '../testing/fake-smtp-server';
import { SmtpMailTransport, toSmtpMessage } from './smtp.transport';

const FROM = 'DeenConnect <no-reply@deenconnect.example>';
const link = 'http://localhost:3000/reset-password?token=r3s3t';

function job(locale: 'en' | 'ar'): MailJob {
  return {
    id: '0190f0e2-0000-7000-8000-000000000001',
    to: 'amina@example.test',
    template: 'reset-password',
    locale,
    ...renderMail('reset-password', locale, { displayName: 'آمنة', link }),
  };
}

/** The raw message nodemailer would put on the wire, built by its stream transport. */
async function rawMessage(mail: MailJob): Promise<string> {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const transport = new SmtpMailTransport(transporter, FROM);
  let raw = '';
  const send = transporter.sendMail.bind(transporter);
  jest.spyOn(transporter, 'sendMail').mockImplementation(async (message) => {
    const info = await send(message);
    raw = (info.message as Buffer).toString('utf8');
    return info;
  });
  await transport.deliver(mail);
  return raw;
}

describe('SMTP transport: message building', () => {
  it('maps a rendered mail onto nodemailer fields with a stable Message-ID', () => {
    const mail = job('en');
    expect(toSmtpMessage(mail, FROM)).toEqual({
      from: FROM,
      to: 'amina@example.test',
      subject: 'Reset your DeenConnect password',
      text: mail.text,
      html: mail.html,
      messageId: `<${mail.id}@deenconnect.example>`,
      headers: { 'Content-Language': 'en' },
    });
  });

  it('sends a list mail with RFC 8058 one-click unsubscribe headers, unbroken on the wire', async () => {
    const url = `https://deenconnect.example/api/notify/donations-open/unsubscribe?token=${'a'.repeat(64)}.${'B'.repeat(43)}`;
    const mail = { ...job('en'), listUnsubscribe: url };
    expect(toSmtpMessage(mail, FROM).headers).toEqual({
      'Content-Language': 'en',
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [head] = (await rawMessage(mail)).split('\n\n');
    // Folded lines are unfolded by readers (RFC 5322 2.2.3); the URL itself must come through whole.
    const unfolded = head!.replace(/\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(new RegExp(`^List-Unsubscribe: <${url.replace(/[.?]/g, '\\$&')}>$`, 'm'));
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Other mails carry no such header.
    expect(await rawMessage(job('en'))).not.toMatch(/^List-Unsubscribe/m);
  });

  it('falls back to a local Message-ID domain when MAIL_FROM has none', () => {
    expect(toSmtpMessage(job('en'), 'DeenConnect').messageId).toBe(`<${job('en').id}@deenconnect.local>`);
  });

  it('builds a multipart message with text and HTML, encoded Arabic subject and the headers', async () => {
    const mail = job('ar');
    const raw = await rawMessage(mail);
    const [head] = raw.split('\n\n');
    expect(head).toMatch(/^From: DeenConnect <no-reply@deenconnect\.example>$/m);
    expect(head).toMatch(/^To: amina@example\.test$/m);
    expect(head).toMatch(/^Message-ID: <0190f0e2-0000-7000-8000-000000000001@deenconnect\.example>$/m);
    expect(head).toMatch(/^Content-Language: ar$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
    // Non-ASCII headers must be MIME encoded-words, never raw UTF-8.
    expect(head).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
  });
});

describe('SMTP transport over a real SMTP conversation', () => {
  let server: FakeSmtpServer;

  beforeEach(async () => {
    server = await FakeSmtpServer.start();
  });
  afterEach(async () => {
    await server.stop();
  });

  it('logs in with the credentials of SMTP_URL and delivers the mail', async () => {
    const transport = SmtpMailTransport.fromUrl(`smtp://mailer:s3cret@127.0.0.1:${server.port}`, FROM);
    await transport.deliver(job('en'));
    expect(server.received).toHaveLength(1);
    const [got] = server.received;
    expect(got!.auth).toEqual({ user: 'mailer', pass: 's3cret' });
    expect(got!.from).toBe('no-reply@deenconnect.example');
    expect(got!.to).toEqual(['amina@example.test']);
    expect(got!.data).toMatch(/^Subject: Reset your DeenConnect password\r$/m);
    // The link survives transfer encoding (quoted-printable may wrap it, so undo soft breaks first).
    expect(got!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toContain(link);
  });

  it('rejects when the server refuses the recipient, so the job is retried', async () => {
    server.rejectRecipients = true;
    const transport = SmtpMailTransport.fromUrl(`smtp://127.0.0.1:${server.port}`, FROM);
    await expect(transport.deliver(job('en'))).rejects.toThrow(/550|rejected/i);
    expect(server.received).toHaveLength(0);
  });

  it('rejects when nothing listens at SMTP_URL', async () => {
    const port = server.port;
    await server.stop();
    const transport = SmtpMailTransport.fromUrl(`smtp://127.0.0.1:${port}`, FROM);
    await expect(transport.deliver(job('en'))).rejects.toThrow(/ECONNREFUSED/);
  });
});
