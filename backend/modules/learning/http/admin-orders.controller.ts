import { CurrentSession, IdentityService, requestMeta, type SignedIn } from '@modules/identity';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  HttpCode,
  Injectable,
  Param,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { orderIdParam } from '../commerce-facts';
import { LEARNING_MESSAGES as M } from '../limits';
import { OrdersService } from '../orders.service';
import { OrdersQueries } from '../queries/orders.queries';
import type { OrderView } from '../views';
import { moderatorRefundSchema } from './refund.schemas';
import { admitStaff } from './staff-only';

/** Staff only, decided before the body is read: a member is told 403 whatever they sent. */
@Injectable()
export class OrderModeratorsGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return admitStaff(this.identity, context, M.moderatorsOnlyRefund);
  }
}

/**
 * A moderator's refund by hand (support cases past the buyer's own rules: the window, the progress
 * limit): any member's paid order, with a reason kept on the `OrderRefunded` event and the moderator
 * as its actor, so the audit history shows who gave the money back and why.
 */
@Controller('api/admin/orders')
@UseGuards(OrderModeratorsGuard)
export class AdminOrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly query: OrdersQueries,
  ) {}

  @Post(':id/refund')
  @HttpCode(200)
  async refund(
    @Param('id') id: string,
    @CurrentSession() { user }: SignedIn,
    @ZodBody(moderatorRefundSchema) body: z.output<typeof moderatorRefundSchema>,
    @Req() request: FastifyRequest,
  ): Promise<OrderView> {
    const orderId = orderIdParam(id);
    await this.orders.refundAsModerator(user, orderId, body.reason, requestMeta(request, user.id));
    return this.query.forStaff(orderId);
  }
}
