import { SocketEvents } from '@modules/realtime';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { SUPPORT_ROOM } from '@projections/support';
import { z } from 'zod';

const WATCH_RATE = { limit: 60, windowMs: 60_000 };

/**
 * `watch_support` / `unwatch_support`: a socket with the support page on screen hears when its
 * figures change (a donation paid, a disbursement, an orphan added), so an admin's totals follow the
 * ledger without a reload (issue 40). The figures are public, so anyone may watch.
 */
@Injectable()
export class SupportSocketHandlers implements OnModuleInit {
  constructor(private readonly events: SocketEvents) {}

  onModuleInit() {
    this.events.on('watch_support', {
      schema: z.unknown(),
      rate: WATCH_RATE,
      handle: async (ctx) => ctx.join([SUPPORT_ROOM]),
    });
    this.events.on('unwatch_support', {
      schema: z.unknown(),
      rate: WATCH_RATE,
      handle: async (ctx) => ctx.leave([SUPPORT_ROOM]),
    });
  }
}
