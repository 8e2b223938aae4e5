import { Controller, Delete, Get, Header, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, SignedIn, SignedInGuard } from '../../identity';
import { PushService } from '../push.service';
import { endpointSchema, settingsSchema, subscriptionSchema } from './push.schemas';

/** Web Push (issue 37): the server's key, the member's devices and their category settings. */
@Controller('api/push')
export class PushController {
  constructor(private readonly push: PushService) {}

  /** Public: it is the key every browser subscribes with, and holds no secret. */
  @Get('key')
  async key() {
    return { publicKey: await this.push.publicKey() };
  }

  @Get('subscriptions')
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  async devices(@CurrentSession() { user }: SignedIn) {
    return { subscriptions: await this.push.devices(user.id) };
  }

  @Post('subscriptions')
  @UseGuards(SignedInGuard)
  @HttpCode(201)
  async subscribe(
    @CurrentSession() { user }: SignedIn,
    @ZodBody(subscriptionSchema) body: z.output<typeof subscriptionSchema>,
    @Req() request: FastifyRequest,
  ) {
    const { endpoint, keys, language } = body;
    await this.push.subscribe(user.id, { endpoint, keys, language }, requestMeta(request, user.id));
    return { subscribed: true };
  }

  @Delete('subscriptions')
  @UseGuards(SignedInGuard)
  @HttpCode(200)
  async unsubscribe(
    @CurrentSession() { user }: SignedIn,
    @ZodBody(endpointSchema) body: z.output<typeof endpointSchema>,
    @Req() request: FastifyRequest,
  ) {
    await this.push.unsubscribe(user.id, body.endpoint, requestMeta(request, user.id));
    return { success: true };
  }

  @Get('settings')
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  async settings(@CurrentSession() { user }: SignedIn) {
    return { settings: await this.push.settings(user.id) };
  }

  @Put('settings')
  @UseGuards(SignedInGuard)
  @HttpCode(200)
  async changeSettings(
    @CurrentSession() { user }: SignedIn,
    @ZodBody(settingsSchema) body: z.output<typeof settingsSchema>,
    @Req() request: FastifyRequest,
  ) {
    return { settings: await this.push.changeSettings(user.id, body, requestMeta(request, user.id)) };
  }
}
