import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { orderIdParam } from '../commerce-facts';
import { OrdersService } from '../orders.service';
import { OrdersQueries } from '../queries/orders.queries';

/** A member's own orders; anyone else's order is not found. */
@Controller('api/orders')
@UseGuards(SignedInGuard)
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly query: OrdersQueries,
  ) {}

  @Get()
  list(@CurrentSession() { user }: SignedIn) {
    return this.query.list(user.id);
  }

  @Get(':id')
  one(@Param('id') id: string, @CurrentSession() { user }: SignedIn) {
    return this.query.one(user.id, orderIdParam(id));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id') id: string, @CurrentSession() { user }: SignedIn, @Req() r: FastifyRequest) {
    const orderId = orderIdParam(id);
    await this.orders.cancel(user.id, orderId, requestMeta(r, user.id));
    return this.query.one(user.id, orderId);
  }

  @Post(':id/refund')
  @HttpCode(200)
  async refund(@Param('id') id: string, @CurrentSession() { user }: SignedIn, @Req() r: FastifyRequest) {
    const orderId = orderIdParam(id);
    await this.orders.refund(user.id, orderId, requestMeta(r, user.id));
    return this.query.one(user.id, orderId);
  }
}
