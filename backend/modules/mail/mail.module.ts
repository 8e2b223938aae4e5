import { Module } from '@nestjs/common';

import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { READ_STORE } from '../../src/platform/tokens';
import { DevOutboxController } from './dev-outbox.controller';
import { MailService } from './mail.service';
import { DevOutbox } from './outbox/dev-outbox';

/** Outgoing mail: the API enqueues, the worker sends (SMTP or the development outbox). */
@Module({
  controllers: [DevOutboxController],
  providers: [
    MailService,
    { provide: DevOutbox, useFactory: (store: ReadStore) => new DevOutbox(store), inject: [READ_STORE] },
  ],
  exports: [MailService],
})
export class MailModule {}
