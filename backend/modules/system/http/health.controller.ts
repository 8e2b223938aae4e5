import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { HealthQueries } from '../queries/health.queries';

@Controller('api/auth')
export class HealthController {
  constructor(private readonly queries: HealthQueries) {}

  @Get('health')
  @Header('Cache-Control', 'no-store')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const health = await this.queries.health();
    if (health.status !== 'ok') reply.status(503);
    return health;
  }
}
