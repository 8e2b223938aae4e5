import type { MessageView, PendingMessage } from './types';

/** The state an own message shows: on its way, failed, or the receipts of §2 (sent, delivered, read). */
export type Tick = 'sending' | 'failed' | 'sent' | 'delivered' | 'read';

/** Only own messages carry ticks; receipts come from the server's isDelivered and isRead. */
export function tickOf(message: MessageView | PendingMessage, viewerId: string): Tick | null {
  if ('tempId' in message) return message.status;
  if (message.senderId !== viewerId) return null;
  if (message.isRead) return 'read';
  if (message.isDelivered) return 'delivered';
  return 'sent';
}
