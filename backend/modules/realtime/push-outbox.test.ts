import { PushOutbox } from './push-outbox';
import type { Push } from './push';

const push = (id: string): Push => ({ id, rooms: ['user:a'], event: 'new_message', payload: { id } });

describe('PushOutbox', () => {
  const now = Date.parse('2026-01-01T00:01:00.000Z');
  const fresh = '2026-01-01T00:00:59.000Z';

  it('sends staged pushes only once their checkpoint has committed, each once', () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.attach({ publish: (p) => sent.push(p.id) });
    outbox.stage('messaging', '002', fresh, push('x'));
    outbox.stage('messaging', '005', fresh, push('y'));
    // A failed batch handled again stages the same push again.
    outbox.stage('messaging', '002', fresh, push('x'));
    outbox.committed('other', '009');
    expect(sent).toEqual([]);
    outbox.committed('messaging', '003');
    expect(sent).toEqual(['x']);
    outbox.committed('messaging', '005');
    outbox.committed('messaging', '005');
    expect(sent).toEqual(['x', 'y']);
  });

  it('does not replay history, and stages nothing without a sink', () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.stage('messaging', '001', fresh, push('before-attach'));
    outbox.attach({ publish: (p) => sent.push(p.id) });
    outbox.stage('messaging', '002', '2025-12-31T23:58:00.000Z', push('old'));
    outbox.stage('messaging', '003', fresh, push('new'));
    outbox.committed('messaging', '003');
    expect(sent).toEqual(['new']);
  });

  it('sends a state push (room membership) however old its event, but still only with a sink', () => {
    const sent: string[] = [];
    const outbox = new PushOutbox(() => now);
    outbox.stage('social', '001', '2025-12-31T00:00:00.000Z', push('no-sink'), 'state');
    outbox.attach({ publish: (p) => sent.push(p.id) });
    outbox.stage('social', '002', '2025-12-31T00:00:00.000Z', push('old-news'));
    outbox.stage('social', '003', '2025-12-31T00:00:00.000Z', push('old-state'), 'state');
    outbox.committed('social', '003');
    expect(sent).toEqual(['old-state']);
  });
});
