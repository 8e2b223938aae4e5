import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '../../projections/runner';
import { MESSAGES, type MessageDoc } from '../../projections/messaging/messaging-docs';
import { READ_MODELS } from '../../src/platform/tokens';

/** "Download my data": the messages the member sent (what others sent them is theirs to export). */
@Injectable()
export class MessagingExport {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async messagesSent(userId: string) {
    const messages = this.readModels.collection<MessageDoc>(MESSAGES);
    const out: { id: string; conversationId: string; to: string; messageType: string; content: string; replyToId: string | null; createdAt: string }[] = [];
    for (let after: string | null = null; ; ) {
      const page = await messages.find({ where: { senderId: userId }, limit: 500, after });
      for (const m of page.items) {
        out.push({ id: m.id, conversationId: m.conversationId, to: m.receiverId, messageType: m.messageType, content: m.content, replyToId: m.replyToId, createdAt: m.createdAt });
      }
      if (!page.nextCursor) return out;
      after = page.nextCursor;
    }
  }
}
