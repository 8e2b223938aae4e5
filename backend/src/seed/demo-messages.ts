import type { INestApplication } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';

import { MessagingService } from '../../modules/messaging';

const SEED_META = { actor: 'seed', requestId: 'seed' };

/**
 * Demo conversations of the first demo member (the one the README signs in as), so Messages opens on
 * real threads with replies both ways; the other members' last messages are left unread.
 * Each line is [speaker: 0 = the first member, 1 = the other one, text].
 */
const THREADS: ReadonlyArray<ReadonlyArray<readonly [0 | 1, string]>> = [
  [
    [1, 'Assalamu alaikum! Are you coming to the Tafsir circle on Thursday? (demo)'],
    [0, "Wa alaikum assalam, in sha Allah. I'll bring the notes from last week."],
    [1, 'JazakAllahu khayran. We start after Maghrib.'],
  ],
  [
    [0, 'Salaam, did you finish the Arabic course module on verb forms? (demo)'],
    [1, 'Almost! Form III is still tricky for me.'],
    [0, 'The third lesson has a good table for it. Shall we revise together on Saturday?'],
    [1, 'Yes please, after Dhuhr works for me.'],
  ],
  [[1, 'Ramadan Mubarak to you and your family! (demo)']],
];

/** Sends the demo threads through the messaging commands; answers how many messages were sent. */
export async function seedMessages(app: INestApplication, members: UserDoc[]): Promise<number> {
  const messaging = app.get(MessagingService);
  const [first, ...others] = members;
  if (!first) return 0;
  let sent = 0;
  for (const [i, thread] of THREADS.entries()) {
    const other = others[i];
    if (!other) break;
    let conversationId: string | undefined;
    for (const [speaker, content] of thread) {
      const [from, to] = speaker === 0 ? [first, other] : [other, first];
      const message = await messaging.send(
        from.id,
        { content, messageType: 'text', ...(conversationId ? { conversationId } : { receiverId: to.id }) },
        { ...SEED_META, actor: from.id },
      );
      conversationId = message.asSent.conversationId;
      sent++;
    }
  }
  return sent;
}
