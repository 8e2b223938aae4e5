import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedSmtpMail {
  /** Decoded AUTH PLAIN credentials, when the client logged in. */
  auth: { user: string; pass: string } | null;
  from: string;
  to: string[];
  /** The raw RFC 5322 message as sent after DATA (dot-stuffing undone). */
  data: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 for tests: EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT. No TLS,
 * so nodemailer talks plain SMTP to it. `rejectRecipients` answers RCPT with 550 to test failures.
 */
export class FakeSmtpServer {
  readonly received: ReceivedSmtpMail[] = [];
  rejectRecipients = false;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  private constructor() {
    this.server = createServer((socket) => this.session(socket));
  }

  static async start(): Promise<FakeSmtpServer> {
    const fake = new FakeSmtpServer();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let mail: ReceivedSmtpMail = { auth: null, from: '', to: [], data: '' };
    let auth: ReceivedSmtpMail['auth'] = null;
    let inData = false;
    let buffer = '';

    reply('220 fake.smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.received.push({ ...mail, auth });
          mail = { auth: null, from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') {
          reply('250-fake.smtp');
          reply('250-AUTH PLAIN');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') {
          reply('250 fake.smtp');
        } else if (verb === 'AUTH') {
          const [, user, pass] = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0');
          auth = { user: user!, pass: pass! };
          reply('235 2.7.0 authenticated');
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (this.rejectRecipients) {
            reply('550 5.1.1 mailbox unavailable');
          } else {
            mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          mail = { auth: null, from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else {
          reply('502 5.5.2 not implemented');
        }
      }
    });
  }
}
