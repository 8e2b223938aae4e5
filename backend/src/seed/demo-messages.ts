import type { INestApplication } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';

import { MessagingService } from '../../modules/messaging';
import { type DemoTimeline, isoAt } from './demo-timeline';

const SEED_META = { actor: 'seed', requestId: 'seed' };

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/**
 * Demo conversations of the first demo member (the one the README signs in as), so Messages opens on
 * real threads with replies both ways; the other members' last messages are left unread. A thread
 * began `daysAgo`; each line is [speaker: 0 = the first member, 1 = the other one, minutes after the
 * line before, text]. The last thread is the newest, so it heads the list.
 */
const THREADS: ReadonlyArray<{ daysAgo: number; lines: ReadonlyArray<readonly [0 | 1, number, string]> }> = [
  {
    daysAgo: 16,
    lines: [
      [1, 0, 'Assalamu alaikum! Are you coming to the Tafsir circle on Thursday? (demo)'],
      [0, 38, "Wa alaikum assalam, in sha Allah. I'll bring the notes from last week."],
      [1, 12, 'JazakAllahu khayran. We start after Maghrib.'],
    ],
  },
  {
    daysAgo: 6,
    lines: [
      [0, 0, 'Salaam, did you finish the Arabic course module on verb forms? (demo)'],
      [1, 95, 'Almost! Form III is still tricky for me.'],
      [0, 7, 'The third lesson has a good table for it. Shall we revise together on Saturday?'],
      [1, 240, 'Yes please, after Dhuhr works for me.'],
    ],
  },
  { daysAgo: 1, lines: [[1, 0, 'Ramadan Mubarak to you and your family! (demo)']] },
];

/** Schedules the demo threads' messages through the messaging commands; answers how many. */
export function seedMessages(app: INestApplication, members: UserDoc[], timeline: DemoTimeline): number {
  const messaging = app.get(MessagingService);
  const [first, ...others] = members;
  if (!first) return 0;
  let sent = 0;
  const now = Date.now();
  for (const [i, thread] of THREADS.entries()) {
    const other = others[i];
    if (!other) break;
    // Set by the thread's first message, which the timeline plays before the replies.
    let conversationId: string | undefined;
    let at = now - thread.daysAgo * DAY;
    for (const [speaker, minutes, content] of thread.lines) {
      const [from, to] = speaker === 0 ? [first, other] : [other, first];
      at += minutes * MINUTE;
      const sentAt = at;
      timeline.add(sentAt, async () => {
        const message = await messaging.send(
          from.id,
          { content, messageType: 'text', ...(conversationId ? { conversationId } : { receiverId: to.id }) },
          { ...SEED_META, actor: from.id, occurredAt: isoAt(sentAt) },
        );
        conversationId = message.asSent.conversationId;
      });
      sent++;
    }
  }
  return sent;
}
