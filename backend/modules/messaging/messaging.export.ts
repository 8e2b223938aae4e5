import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { type MessageDoc, MESSAGES } from '@projections/messaging';

import { findAll } from '../../src/platform/read-store/core/find-all';
import { READ_MODELS } from '../../src/platform/tokens';

/** "Download my data": the messages the member sent (what others sent them is theirs to export). */
@Injectable()
export class MessagingExport {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async messagesSent(userId: string) {
    const sent = await findAll(this.readModels.collection<MessageDoc>(MESSAGES), { where: { senderId: userId } });
    return sent.map((m) => ({
      id: m.id,
      conversationId: m.conversationId,
      to: m.receiverId,
      messageType: m.messageType,
      content: m.content,
      replyToId: m.replyToId,
      createdAt: m.createdAt,
    }));
  }
}
