import { Controller, Get, Header, Inject, NotFoundException, Query } from '@nestjs/common';

import type { AppConfig } from '../../src/platform/config';
import { APP_CONFIG } from '../../src/platform/tokens';
import { DevOutbox, OutboxMail } from './outbox/dev-outbox';
import { parseOutboxQuery } from './outbox/outbox-query';

/**
 * The development outbox, so tests and a newcomer can open the mails the app "sent". Verification
 * and reset links are credentials, so the endpoint exists only with the development routes on
 * (NODE_ENV=development, or DEV_ROUTES=true in tests; never in production) and without SMTP.
 */
@Controller('api/dev')
export class DevOutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: DevOutbox,
  ) {}

  @Get('outbox')
  @Header('Cache-Control', 'no-store')
  async list(@Query() query: unknown): Promise<{ mails: OutboxMail[] }> {
    // The same answer as an unknown route, so a deployment does not even reveal that it exists.
    if (!this.config.devOutbox) throw new NotFoundException('Cannot GET /api/dev/outbox');
    const { to, limit } = parseOutboxQuery(query);
    return { mails: await this.outbox.list({ to, limit }) };
  }
}
