import type { Push } from './push';
import { PushOutbox } from './push-outbox';

const push = (id: string): Push => ({
  id,
  rooms: ['user:a'],
  event: 'unread_count',
  payload: { unreadCount: Number(id.replace(/\D/g, '')) },
});
const at = (checkpoint: string, occurredAt: string) => ({ checkpoint, metadata: { occurredAt } });
const live = { replaying: false };
const rebuild = { replaying: true };

describe('PushOutbox', () => {
  const now = Date.parse('2026-01-01T00:01:00.000Z');
  const fresh = '2026-01-01T00:00:59.000Z';
  const old = '2025-12-31T00:00:00.000Z';

  it('sends staged pushes only once their checkpoint has committed, each once', () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.attach({ publish: (p) => sent.push(p.id) });
    outbox.stage('messaging', at('002', fresh), live, push('x'));
    outbox.stage('messaging', at('005', fresh), live, push('y'));
    // A failed batch handled again stages the same push again.
    outbox.stage('messaging', at('002', fresh), live, push('x'));
    outbox.committed('other', '009');
    expect(sent).toEqual([]);
    outbox.committed('messaging', '003');
    expect(sent).toEqual(['x']);
    outbox.committed('messaging', '005');
    outbox.committed('messaging', '005');
    expect(sent).toEqual(['x', 'y']);
  });

  it('does not send stale news, and stages nothing without a sink', () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.stage('messaging', at('001', fresh), live, push('before-attach'));
    outbox.attach({ publish: (p) => sent.push(p.id) });
    outbox.stage('messaging', at('002', '2025-12-31T23:58:00.000Z'), live, push('old'));
    outbox.stage('messaging', at('003', fresh), live, push('new'));
    outbox.committed('messaging', '003');
    expect(sent).toEqual(['new']);
  });

  it('sends a state push (room membership) however old its event, but still only with a sink', () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.stage('social', at('001', old), live, push('no-sink'), 'state');
    outbox.attach({ publish: (p) => sent.push(p.id) });
    outbox.stage('social', at('002', old), live, push('old-news'));
    outbox.stage('social', at('003', old), live, push('old-state'), 'state');
    outbox.committed('social', '003');
    expect(sent).toEqual(['old-state']);
  });

  it("sends nothing from a rebuild's replay, however fresh: the live generation has told it", () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.attach({ publish: (p) => sent.push(p.id) });
    expect(outbox.accepts(at('001', fresh), rebuild)).toBe(false);
    outbox.stage('messaging', at('001', fresh), rebuild, push('news'));
    outbox.stage('social', at('002', fresh), rebuild, push('state'), 'state');
    outbox.committed('messaging', '009');
    outbox.committed('social', '009');
    expect(sent).toEqual([]);
  });
});
