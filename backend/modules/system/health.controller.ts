import { Controller, Get, Header, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { GetHealthQuery } from './get-health.query';

@Controller('api/auth')
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Get('health')
  @Header('Cache-Control', 'no-store')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const health = await this.queries.execute(new GetHealthQuery());
    if (health.status !== 'ok') reply.status(503);
    return health;
  }
}
