import { conversationBetween, sendMessage } from '@testing/chat';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { useRuntime } from '@testing/profiles';

import type { Runtime } from '../../../src/runtime';

/**
 * A message is sent once it is in the log, whatever the read model's lag. Here the projections run
 * only until the conversation exists, then stop: the answer must still be 201 with the message.
 */
describe('sending while the read model lags', () => {
  const rt = useRuntime({ SEED: 'false', READ_YOUR_WRITES_TIMEOUT_MS: '300', ...IDENTITY_TEST_ENV });
  let runtime: Runtime;
  let amina: Member;
  let bilal: Member;

  beforeAll(async () => {
    runtime = rt();
    [amina, bilal] = [await registerMember(runtime), await registerMember(runtime)];
  }, 60_000);

  it('answers 201 with the message as sent when the read model has not caught up in time', async () => {
    const id = await conversationBetween(amina, bilal);
    await runtime.runner!.stop();
    const res = await sendMessage(amina, { conversationId: id, content: 'sent while projections are down' }).expect(
      201,
    );
    expect(res.body).toMatchObject({
      conversationId: id,
      senderId: amina.id,
      receiverId: bilal.id,
      content: 'sent while projections are down',
      isRead: false,
      replyTo: null,
    });
    expect(typeof res.body.id).toBe('string');
  });
});
