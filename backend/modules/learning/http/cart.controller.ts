import { Controller, Delete, Get, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { CartService } from '../cart.service';
import { courseIdParam } from '../commerce-facts';
import { CartQueries } from '../queries/cart.queries';
import { cartAddSchema, cartItemSchema } from './commerce.schemas';

/** Both cart variants of the spec (part 2 §7): /api/cart answers the CartView, /api/cart/items the list. */
@Controller('api/cart')
@UseGuards(SignedInGuard)
export class CartController {
  constructor(
    private readonly cart: CartService,
    private readonly query: CartQueries,
  ) {}

  @Get()
  view(@CurrentSession() { user }: SignedIn) {
    return this.query.view(user.id);
  }

  @Post('add')
  async add(
    @ZodBody(cartAddSchema) body: z.output<typeof cartAddSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.cart.add(user.id, courseIdParam(body.courseId), requestMeta(r, user.id));
    return this.query.view(user.id);
  }

  @Delete('remove/:courseId')
  async remove(@Param('courseId') courseId: string, @CurrentSession() { user }: SignedIn, @Req() r: FastifyRequest) {
    await this.cart.remove(user.id, courseIdParam(courseId), requestMeta(r, user.id));
    return this.query.view(user.id);
  }

  @Get('items')
  items(@CurrentSession() { user }: SignedIn) {
    return this.query.items(user.id);
  }

  @Post('items')
  async addItem(
    @ZodBody(cartItemSchema) body: z.output<typeof cartItemSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.cart.add(user.id, courseIdParam(body.courseId), requestMeta(r, user.id));
    return this.query.items(user.id);
  }
}
