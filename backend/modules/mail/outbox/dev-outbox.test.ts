import { newId } from '../../../src/platform/ids';
import { MemoryReadStore } from '../../../src/platform/read-store/memory.read-store';
import type { MailJob } from '../mail-job';
import { DEV_OUTBOX_COLLECTION, DevOutbox } from './dev-outbox';

const mail = (to: string, over: Partial<MailJob> = {}): MailJob => ({
  id: newId(),
  to,
  template: 'verify-email',
  locale: 'en',
  subject: 'Verify your email for DeenConnect',
  text: `Hello\n\nVerify email:\nhttp://localhost:3000/api/auth/verify-email?token=${to}\n\nBye`,
  html: '<p>Hello</p>',
  ...over,
});

describe('DevOutbox (memory read store)', () => {
  let store: MemoryReadStore;
  let outbox: DevOutbox;

  beforeEach(() => {
    store = new MemoryReadStore();
    outbox = new DevOutbox(store);
  });

  it('creates its collection on first use, even for a read', async () => {
    expect(await outbox.list({ limit: 20 })).toEqual([]);
    expect(await store.collection(DEV_OUTBOX_COLLECTION).count()).toBe(0);
  });

  it('stores the mail with its links and answers without the internal lower-case field', async () => {
    const sent = mail('Amina@Example.test', { userId: 'u1', locale: 'ar' });
    const stored = await outbox.add(sent, new Date('2025-01-02T03:04:05.000Z'));
    expect(stored).toEqual({
      id: sent.id,
      to: 'Amina@Example.test',
      subject: sent.subject,
      text: sent.text,
      html: sent.html,
      template: 'verify-email',
      locale: 'ar',
      links: ['http://localhost:3000/api/auth/verify-email?token=Amina@Example.test'],
      userId: 'u1',
      headers: { 'Content-Language': 'ar' },
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(await outbox.list({ limit: 20 })).toEqual([stored]);
    expect((await store.collection(DEV_OUTBOX_COLLECTION).get(sent.id))?.toLower).toBe('amina@example.test');
  });

  it('shows the List-Unsubscribe headers a list mail is sent with', async () => {
    const url = 'https://deenconnect.example/api/notify/donations-open/unsubscribe?token=abc.def';
    const stored = await outbox.add({ ...mail('a@example.test'), listUnsubscribe: url });
    expect(stored.headers).toEqual({
      'Content-Language': 'en',
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('lists newest first, filters by recipient whatever the case, and limits', async () => {
    const first = mail('a@x.test');
    const second = mail('b@x.test');
    const third = mail('A@X.test');
    // Stored out of order: the order comes from the ids, not from insertion.
    for (const m of [third, first, second]) await outbox.add(m);
    expect((await outbox.list({ limit: 20 })).map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    expect((await outbox.list({ to: 'a@X.TEST', limit: 20 })).map((m) => m.id)).toEqual([third.id, first.id]);
    expect((await outbox.list({ limit: 2 })).map((m) => m.id)).toEqual([third.id, second.id]);
  });

  it('keeps one copy when a retried job delivers the same mail twice', async () => {
    const sent = mail('a@x.test');
    await outbox.add(sent);
    await outbox.add(sent);
    expect(await outbox.list({ limit: 20 })).toHaveLength(1);
  });

  it('retries creating the collection after a failure', async () => {
    const ensure = jest.spyOn(store, 'ensureCollection').mockRejectedValueOnce(new Error('store down'));
    await expect(outbox.list({ limit: 20 })).rejects.toThrow('store down');
    await expect(outbox.list({ limit: 20 })).resolves.toEqual([]);
    expect(ensure).toHaveBeenCalledTimes(2);
  });
});
