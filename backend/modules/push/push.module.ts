import { Module } from '@nestjs/common';

import { IdentityModule } from '../identity';
import { PushController } from './http/push.controller';
import { PushService } from './push.service';

/** Web Push devices and settings; sending is the push.send job (push-send.ts), fed by notifications. */
@Module({
  imports: [IdentityModule],
  controllers: [PushController],
  providers: [PushService],
  exports: [PushService],
})
export class PushModule {}
