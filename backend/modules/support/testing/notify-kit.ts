import { randomBytes } from 'node:crypto';

import { emailKey } from '@modules/identity';
import { anonymous, mailsTo } from '@testing/members';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { notifyStream } from '../events';

/**
 * What the notify-me suites (notify*.api.test.ts) use: the guest who signs up and presses the pages'
 * buttons, the mails, the streams.
 */
export function notifyKit(rt: () => Runtime) {
  let guest!: Awaited<ReturnType<typeof anonymous>>;
  beforeAll(async () => {
    guest = await anonymous(rt());
  });
  const server = () => rt().http!.getHttpServer();
  const address = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.test`;
  const types = async (a: string) =>
    (await rt().platform.eventStore.readStream(notifyStream(emailKey(a)))).map((e) => e.type);
  /** A guest's sign-up from the web app, which names the language its reader chose (default: none). */
  const signUp = (email: string, language?: string) => {
    const asked = guest.agent.post('/api/notify/donations-open').set('X-CSRF-Token', guest.token);
    return (language ? asked.set('Accept-Language', language) : asked).send({ email });
  };
  const sent = async (to: string, template: string) => (await mailsTo(rt(), to)).filter((m) => m.template === template);
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  /** The path and query of a URL, for supertest. */
  const path = (link: string) => {
    const url = new URL(link);
    return url.pathname + url.search;
  };
  const newest = async (to: string, template: string) => {
    const mail = (await sent(to, template))[0];
    if (!mail) throw new Error(`no ${template} mail to ${to}`);
    return mail;
  };
  const confirmToken = async (to: string) => tokenOf((await newest(to, 'donations-open-confirm')).links[0]!);
  const unsubscribeToken = async (to: string, template: string) => tokenOf((await newest(to, template)).links[1]!);
  /** The button of the web app's page: a JSON POST with the CSRF token, as the guest's browser sends it. */
  const press = (route: 'confirm' | 'unsubscribe', token: unknown) =>
    guest.agent.post(`/api/notify/donations-open/${route}`).set('X-CSRF-Token', guest.token).send({ token });
  /** A mail provider's RFC 8058 one-click POST: no cookie, no CSRF token, a form body. */
  const oneClick = (url: string, body = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
    request(server()).post(url).set('Content-Type', type).send(body);
  const read = (route: string, token?: string, accept = 'application/json') =>
    request(server())
      .get(`/api/notify/donations-open/${route}`)
      .query(token === undefined ? {} : { token })
      .set('Accept', accept);
  const refused = {
    error: expect.any(String),
    code: 'LINK_INVALID',
    message: 'This link is not valid or has expired.',
  };
  const CONFIRMED = { message: "Your address is confirmed: we'll email you as soon as donations open." };
  const LEFT = { message: "You're off the list: we won't email you about donations." };
  return {
    server,
    address,
    types,
    signUp,
    sent,
    tokenOf,
    path,
    newest,
    confirmToken,
    unsubscribeToken,
    press,
    oneClick,
    read,
    refused,
    CONFIRMED,
    LEFT,
    guest: () => guest,
  };
}
