import { Controller, Delete, Get, Header, HttpCode, Param, Put, Query, Req, UseGuards } from '@nestjs/common';
import { Tab, TABS } from '@projections/notifications';
import type { FastifyRequest } from 'fastify';

import { DomainError } from '../../../src/platform/decider/decider';
import { CurrentSession, requestMeta, SignedIn, SignedInGuard } from '../../identity';
import { NotificationsService } from '../notifications.service';

const MAX_LIMIT = 100;

/** Spec part 2 §7: GET /api/notifications; PUT :id/read; PUT mark-all-read; DELETE :id. */
@Controller('api/notifications')
@UseGuards(SignedInGuard)
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentSession() { user }: SignedIn,
    @Query('tab') tab?: string,
    @Query('limit') limit?: string,
    @Query('cursor') cursor?: string,
  ) {
    if (tab !== undefined && tab !== 'all' && !TABS.includes(tab as Tab)) {
      throw new DomainError('VALIDATION_FAILED', `tab must be one of all, ${TABS.join(', ')}`, 400);
    }
    const n = limit === undefined ? 20 : Number(limit);
    if (!Number.isInteger(n) || n < 1)
      throw new DomainError('VALIDATION_FAILED', 'limit must be a positive whole number', 400);
    return this.notifications.list(
      user.id,
      tab && tab !== 'all' ? (tab as Tab) : null,
      Math.min(n, MAX_LIMIT),
      cursor || null,
    );
  }

  @Get('unread-count')
  @Header('Cache-Control', 'no-store')
  async unread(@CurrentSession() { user }: SignedIn) {
    return { unreadCount: await this.notifications.unreadCount(user.id) };
  }

  @Put('mark-all-read')
  @HttpCode(200)
  async markAllRead(@CurrentSession() { user }: SignedIn, @Req() request: FastifyRequest) {
    await this.notifications.markAllRead(user.id, requestMeta(request, user.id));
    return { success: true };
  }

  @Put(':id/read')
  @HttpCode(200)
  async markRead(@CurrentSession() { user }: SignedIn, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.notifications.markRead(user.id, id, requestMeta(request, user.id));
    return { success: true };
  }

  @Delete(':id')
  @HttpCode(200)
  async delete(@CurrentSession() { user }: SignedIn, @Param('id') id: string, @Req() request: FastifyRequest) {
    await this.notifications.delete(user.id, id, requestMeta(request, user.id));
    return { success: true };
  }
}
