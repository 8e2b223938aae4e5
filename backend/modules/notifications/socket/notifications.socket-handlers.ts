import { SocketEvents } from '@modules/realtime';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { z } from 'zod';

import { NotificationsService } from '../notifications.service';

/** `sync_notifications { after }`: what a client missed while its socket was down. */
@Injectable()
export class NotificationsSocketHandlers implements OnModuleInit {
  constructor(
    private readonly events: SocketEvents,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit() {
    this.events.on('sync_notifications', {
      // An empty cursor asks from the start (a client that never saw a push).
      schema: z.object({
        after: z
          .string({ required_error: 'after is required', invalid_type_error: 'after is required' })
          .max(200, 'Invalid cursor'),
      }),
      rate: { limit: 30, windowMs: 60_000 },
      handle: (ctx, data) => this.notifications.since(ctx.userId, data.after || null),
    });
  }
}
